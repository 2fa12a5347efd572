import type { Clock } from '../../src/app/deps.js';

/** A clock that only moves when a test moves it. */
export interface SteppedClock extends Clock {
  advance(ms: number): void;
  set(iso: string): void;
}

/** Starts a stepped clock at `iso`. */
export function steppedClock(iso = '2026-01-05T09:00:00.000Z'): SteppedClock {
  let current = Date.parse(iso);
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (next) => {
      current = Date.parse(next);
    },
  };
}
