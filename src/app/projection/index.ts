// Re-exports only: the platform-neutral projection engine.
export { CARD_PRIORITY, cardHash, enqueueCard, type CardDelivery } from './enqueue.js';
export { createProjectionEngine, createSendLoop, RECONCILE_EVERY_MS, timerScheduler, type ProjectionEngine, type ProjectionOptions, type Scheduler } from './engine.js';
export { createTokenBucket, DEFAULT_SURFACE_LIMITS, type SurfaceLimits } from './limits.js';
export { createProjector, type Projector } from './projector.js';
export { createOutboxSender, MAX_SEND_ATTEMPTS, type OutboxSender, type SendReport } from './sender.js';
export { createGateSource } from './gate-source.js';
export { createBoardSource, defaultBoardExtras, isGateEvent, type CardSource, type CardTarget, type RenderedCard } from './sources.js';
