import { fail, type KernelError } from './errors.js';
import { ok, type Result } from './result.js';
import type { ChatSurface } from './vocabulary.js';
import { toLocal } from './zoned-time.js';

// How a person is reached about what waits on them: where (a direct message, the channel, or not at all) and
// when (never inside their quiet hours, in their own timezone, unless a high-risk gate expires inside them).

/** Where a person is reached: a direct message on Slack or Lark, @mentions in the goal's channel, or nowhere. */
export const NOTIFY_VIA = ['slack-dm', 'lark-dm', 'channel', 'none'] as const;
export type NotifyVia = (typeof NOTIFY_VIA)[number];

/** A daily quiet window in minutes after local midnight; it may wrap past midnight (22:00-08:00). */
export interface QuietHours {
  readonly start: number;
  readonly end: number;
}

/** What reach decisions read from a person. */
export interface Reachable {
  readonly timezone: string | null;
  readonly notifyVia: NotifyVia | null;
  readonly quietHours: string | null;
  readonly identities: readonly { readonly surface: ChatSurface; readonly externalId: string }[];
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses `22:00-08:00` (24-hour clock, start and end differ); `off` clears the quiet hours (null). */
export function parseQuietHours(text: string): Result<QuietHours | null, KernelError> {
  if (text.trim().toLowerCase() === 'off') return ok(null);
  const [from, to, extra] = text.trim().split('-');
  const start = HHMM.exec(from ?? '');
  const end = HHMM.exec(to ?? '');
  if (!start || !end || extra !== undefined) return fail('invalid_request', `Quiet hours look like 22:00-08:00 (24-hour clock) or "off"; got "${text}".`, { field: 'quiet' });
  const window = { start: Number(start[1]) * 60 + Number(start[2]), end: Number(end[1]) * 60 + Number(end[2]) };
  if (window.start === window.end) return fail('invalid_request', 'Quiet hours must start and end at different times.', { field: 'quiet' });
  return ok(window);
}

function minuteOfDay(at: Date, timezone: string): number {
  const local = toLocal(at, timezone);
  return local.hour * 60 + local.minute;
}

function inside(window: QuietHours, minute: number): boolean {
  return window.start < window.end ? minute >= window.start && minute < window.end : minute >= window.start || minute < window.end;
}

/** Minutes from `minute` until the quiet window ends (0 when outside it). */
function minutesLeft(window: QuietHours, minute: number): number {
  if (!inside(window, minute)) return 0;
  return (window.end - minute + 1440) % 1440;
}

/** When the quiet window `at` falls in ends; null when `at` is not in the person's quiet hours (or they have none). */
export function quietUntil(person: Reachable, at: Date): Date | null {
  if (person.quietHours === null) return null;
  const window = parseQuietHours(person.quietHours);
  if (!window.ok || window.value === null) return null;
  const left = minutesLeft(window.value, minuteOfDay(at, person.timezone ?? 'UTC'));
  return left === 0 ? null : new Date(Math.floor(at.getTime() / 60_000) * 60_000 + left * 60_000);
}

/** What a gate tells the quiet-hours rule: high-risk gates expiring inside the window may still wake someone. */
export interface UrgentFacts {
  readonly risk: 'low' | 'normal' | 'high';
  readonly expiresAt: string | null;
}

/**
 * True when the person may be messaged or @mentioned at `at`: outside their quiet hours, or about a high-risk gate
 * that expires before their quiet window ends (waiting until morning would let it lapse).
 */
export function mayReachNow(person: Reachable, at: Date, gate?: UrgentFacts): boolean {
  const until = quietUntil(person, at);
  if (until === null) return true;
  return gate?.risk === 'high' && gate.expiresAt !== null && Date.parse(gate.expiresAt) <= until.getTime();
}

/** Where the person is reached: their choice, else a direct message where they linked an account (Slack first), else the channel. */
export function effectiveVia(person: Reachable): NotifyVia {
  if (person.notifyVia !== null) return person.notifyVia;
  if (person.identities.some((i) => i.surface === 'slack')) return 'slack-dm';
  if (person.identities.some((i) => i.surface === 'lark')) return 'lark-dm';
  return 'channel';
}

/** The chat surface a direct-message choice uses. */
export function dmSurface(via: NotifyVia): ChatSurface | null {
  return via === 'slack-dm' ? 'slack' : via === 'lark-dm' ? 'lark' : null;
}

/**
 * The surfaces a person gets direct messages on: the one they chose, or by default every surface they linked (the
 * server sends on those it is connected to); none when they chose the channel or nowhere.
 */
export function dmSurfaces(person: Reachable): ChatSurface[] {
  const linked = [...new Set(person.identities.map((i) => i.surface))];
  if (person.notifyVia === null) return linked;
  const chosen = dmSurface(person.notifyVia);
  return chosen && linked.includes(chosen) ? [chosen] : [];
}

/** A direct-message destination in the outbox: `dm:` and the chat user (Slack user id, Lark open_id). */
export const DM_PREFIX = 'dm:';

/** The outbox destination of a direct message to a chat user. */
export function dmDestination(chatUser: string): string {
  return `${DM_PREFIX}${chatUser}`;
}

/** The chat user a direct-message destination goes to; null for a channel. */
export function dmUserOf(destination: string): string | null {
  return destination.startsWith(DM_PREFIX) ? destination.slice(DM_PREFIX.length) : null;
}
