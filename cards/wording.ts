import { namesIn, translator } from './i18n/index.js';

/** "3 days", "5 hours", "12 minutes": how long ago `from` was at `now`, in plain words. */
export function elapsedText(from: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  if (minutes >= 2 * 1440) return `${Math.floor(minutes / 1440)} days`;
  if (minutes >= 120) return `${Math.floor(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "1 todo" / "3 todos". */
export function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Names joined for a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cy". */
export function namesText(names: readonly string[]): string {
  return namesIn(translator('en'), names);
}
