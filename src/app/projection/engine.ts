import type { AppDeps } from '../deps.js';
import type { ChatSurface } from '../surface.js';
import type { SurfaceLimits } from './limits.js';
import type { ProjectionRow } from '../../store/outbox.js';
import { createProjector, type Projector } from './projector.js';
import { isExpiring } from './repost.js';
import { createOutboxSender, type OutboxSender, type SenderIdentity } from './sender.js';
import { createGateSource } from './gate-source.js';
import { createBoardSource, type CardSource } from './sources.js';

/** Runs a callback later; tests pass a fake that runs nothing until told, production uses timers. */
export interface Scheduler {
  /** Schedules `run` after `delayMs`; answers a cancel function. */
  schedule(delayMs: number, run: () => void): () => void;
}

/** A scheduler on real timers that never keeps the process alive by itself. */
export const timerScheduler: Scheduler = {
  schedule(delayMs, run) {
    const timer = setTimeout(run, delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** How often the reconciler re-renders every live card to repair drift (missed updates, edits by hand). */
export const RECONCILE_EVERY_MS = 10 * 60_000;

/** The projection engine: ledger → projector → durable outbox → one sender per destination. */
export interface ProjectionEngine {
  readonly projector: Projector;
  readonly sender: OutboxSender;
  /** Catches up with the ledger, reconciles, and starts sending; call once the server is up. */
  start(): void;
  /** Wakes the sender now (after a commit or an enqueue from a job). */
  kick(): void;
  /** Resolves when the current send pass (if any) has finished. */
  idle(): Promise<void>;
  stop(): void;
}

/** What the engine is built from. */
export interface ProjectionOptions {
  readonly surfaces: readonly ChatSurface[];
  /** Card sources; defaults to the board card and the gate cards. */
  readonly sources?: readonly CardSource[];
  readonly limits?: Partial<Record<ChatSurface['name'], SurfaceLimits>>;
  readonly scheduler?: Scheduler;
  /** Several servers on one database: who this sender is, and whether it holds the sender role now (default: always). */
  readonly identity?: SenderIdentity;
  readonly maySend?: () => boolean;
}

/** Runs send passes one at a time: a kick during a pass runs another right after; idle waits for the next due send. */
export function createSendLoop(sender: Pick<OutboxSender, 'runDue' | 'nextDueInMs'>, scheduler: Scheduler, logger: AppDeps['logger'], maySend: () => boolean) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let cancelWake: (() => void) | null = null;
  const wakeLater = () => {
    cancelWake?.();
    cancelWake = null;
    if (stopped) return;
    const delay = sender.nextDueInMs();
    if (delay !== null) cancelWake = scheduler.schedule(delay, kick);
  };
  const afterPass = () => {
    running = null;
    if (!again) return wakeLater();
    again = false;
    kick();
  };
  function kick(): void {
    if (stopped || !maySend()) return;
    if (running) {
      again = true;
      return;
    }
    running = sender
      .runDue()
      .then(() => undefined, (error: unknown) => logger.error({ error: String(error) }, 'projection send pass failed'))
      .finally(afterPass);
  }
  return {
    kick,
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      cancelWake?.();
    },
  };
}

/**
 * Builds the engine and subscribes it to commits. Surface-neutral: it drives any list of ChatSurfaces by
 * name, so Lark plugs in beside Slack, and jobs enqueue digests and heartbeats through `enqueueCard`.
 */
export function createProjectionEngine(deps: AppDeps, options: ProjectionOptions): ProjectionEngine {
  const scheduler = options.scheduler ?? timerScheduler;
  const sources = options.sources ?? [createBoardSource(), createGateSource()];
  // The reconciler also re-queues cards whose message is about to stop taking updates (Lark, 14 days).
  const expiring = (shown: ProjectionRow, nowMs: number) => options.surfaces.some((s) => s.name === shown.surface && isExpiring(s, shown, nowMs));
  const projector = createProjector(deps.store, deps.clock, sources, options.surfaces.map((s) => s.name), expiring);
  const sender = createOutboxSender(deps.store, deps.clock, deps.logger, options.surfaces, options.limits, options.identity);
  const maySend = options.maySend ?? (() => true);
  const loop = createSendLoop(sender, scheduler, deps.logger, maySend);
  let cancelReconcile: (() => void) | null = null;
  const reconcileLoop = () => {
    // Several servers on one database: the one that sends repairs drift; the others would only repeat its work.
    if (maySend()) projector.reconcile();
    loop.kick();
    cancelReconcile = scheduler.schedule(RECONCILE_EVERY_MS, reconcileLoop);
  };
  const onCommit = () => {
    projector.catchUp();
    loop.kick();
  };
  deps.commitListeners.push(onCommit);
  return {
    projector,
    sender,
    start() {
      projector.catchUp();
      reconcileLoop();
    },
    kick: loop.kick,
    idle: loop.idle,
    stop() {
      loop.stop();
      cancelReconcile?.();
      const index = deps.commitListeners.indexOf(onCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}
