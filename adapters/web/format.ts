/** "2 Dec 14:05" in a timezone, with the zone named once per page by the caller. */
export function formatWhen(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: timezone }).format(new Date(iso));
}
