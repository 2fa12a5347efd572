import type { AppDeps } from '../deps.js';
import { createSendLoop, timerScheduler, type Scheduler } from '../projection/index.js';
import { createWakeDelivery, type FetchLike, type WakeDelivery } from './wake-delivery.js';
import { catchUpWakes } from './wake-source.js';
import type { EventRow } from '../../store/events.js';
import { anyWake } from '../../store/wakes.js';

/** The running wake service of a server. */
export interface WakeRunner {
  readonly delivery: WakeDelivery;
  /** Reads new ledger events and delivers what is due (after taking the sender role, say). */
  kick(): void;
  /** Resolves when the current delivery pass (if any) has finished. */
  idle(): Promise<void>;
  stop(): void;
}

/** How the runner is driven: whether this server delivers now (the sender role), its timers and its fetch. */
export interface WakeRunnerOptions {
  readonly maySend?: () => boolean;
  readonly scheduler?: Scheduler;
  readonly fetch?: FetchLike;
}

/**
 * Turns every commit (this process's, or another's through the change signal) into queued wake events and
 * delivers them after the commit, never inside it: a decision is never held up by an agent's receiver.
 */
export function startWakes(deps: AppDeps, options: WakeRunnerOptions = {}): WakeRunner {
  const maySend = options.maySend ?? (() => true);
  const delivery = createWakeDelivery(deps, options.fetch);
  const loop = createSendLoop(delivery, options.scheduler ?? timerScheduler, deps.logger, maySend);
  // Nothing to read or deliver while no agent has a wake URL: every commit passes by without a query.
  let active = anyWake(deps.store);
  const onCommit = (events: readonly EventRow[] = []) => {
    if (events.some((e) => e.type === 'agent.wake_set')) active = true;
    else if (events.some((e) => e.type === 'agent.wake_cleared')) active = anyWake(deps.store);
    if (!active || !maySend()) return;
    catchUpWakes(deps.store, deps.clock.now());
    loop.kick();
  };
  deps.commitListeners.push(onCommit);
  onCommit();
  return {
    delivery,
    kick: () => onCommit(),
    idle: loop.idle,
    stop() {
      loop.stop();
      const index = deps.commitListeners.indexOf(onCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}
