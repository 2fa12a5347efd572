import type { EventRow } from '../../store/events.js';
import { goalsWithDueGates, nextGateDeadline } from '../../store/gates.js';
import type { AppDeps } from '../deps.js';
import { sweepGates } from '../gate-sweep.js';

/** How the timer waits: Node's timers in the server, a hand-fired port in tests (which step the clock instead). */
export interface TimerPort {
  set(fn: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const NODE_TIMERS: TimerPort = {
  set: (fn, delayMs) => setTimeout(fn, delayMs).unref(),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** setTimeout's longest delay (about 24.8 days); a later deadline is re-armed when this one fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** When a sweep left a deadline due (another writer held the gate), try again after this long rather than spin. */
const RETRY_MS = 60_000;

/** A running expiry timer. */
export interface ExpiryTimer {
  stop(): void;
}

/**
 * Fires each gate expiry (`deny`, `cancel`) and each deferral's end at its due time, not at the next heartbeat:
 * one timeout for the next deadline in the database, re-armed after every commit that touches a gate. Starting it
 * catches up at once on everything that fell due while the server was down. Escalation reminders stay with the
 * heartbeat, which posts them.
 */
export function startExpiryTimer(deps: AppDeps, timers: TimerPort = NODE_TIMERS): ExpiryTimer {
  let handle: unknown = null;
  let stopped = false;
  const arm = (afterFire: boolean) => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    const next = stopped ? null : nextGateDeadline(deps.store);
    if (next === null) return;
    const delay = Date.parse(next) - deps.clock.now().getTime();
    handle = timers.set(fire, Math.min(delay <= 0 && afterFire ? RETRY_MS : Math.max(delay, 0), MAX_DELAY_MS));
  };
  const fire = () => {
    const now = deps.clock.now();
    for (const goalId of goalsWithDueGates(deps.store, now.toISOString())) sweepGates(deps, goalId, now, { escalate: false });
    arm(true);
  };
  const listener = (events: readonly EventRow[]) => {
    if (events.some((e) => e.type.startsWith('gate.'))) arm(false);
  };
  deps.commitListeners.push(listener);
  fire();
  return {
    stop() {
      stopped = true;
      arm(false);
      const at = deps.commitListeners.indexOf(listener);
      if (at >= 0) deps.commitListeners.splice(at, 1);
    },
  };
}
