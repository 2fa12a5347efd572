import { elapsedIn, namesIn, translator } from './i18n/index.js';

/** "3 days", "5 hours", "12 minutes": how long ago `from` was at `now`, in plain words. */
export function elapsedText(from: string, now: string): string {
  return elapsedIn(translator('en'), from, now);
}

/** "1 todo" / "3 todos". */
export function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Names joined for a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cy". */
export function namesText(names: readonly string[]): string {
  return namesIn(translator('en'), names);
}
