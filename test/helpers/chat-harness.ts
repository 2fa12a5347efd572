import type { Server } from 'node:http';
import type { AppDeps } from '../../src/app/deps.js';
import { createProjectionEngine, type CardSource, type ProjectionEngine, type Scheduler } from '../../src/app/projection/index.js';
import type { ChatSurface } from '../../src/app/surface.js';
import { loadConfig } from '../../src/config.js';
import { listen, type Mount } from '../../src/http/serve.js';
import { createLoopxServer } from '../../src/server.js';
import type { SteppedClock } from './clock.js';

/** A scheduler that never fires: tests wake the engine themselves. */
export const manualScheduler: Scheduler = { schedule: () => () => undefined };

/** The real server with one chat adapter mounted, and the projection engine driving its surface. */
export interface ChatHarness {
  readonly url: string;
  readonly engine: ProjectionEngine;
  /** Waits for inbound listeners and the send pass they woke. */
  settle(): Promise<void>;
  /** Settles, then steps the clock to each next due send until the outbox is empty (or `maxSteps` ran out). */
  drain(maxSteps?: number): Promise<void>;
  close(): Promise<void>;
}

/** What a platform harness plugs in. */
export interface ChatHarnessParts {
  readonly surface: ChatSurface;
  readonly mounts: readonly Mount[];
  readonly sources?: readonly CardSource[];
  /** Waits for the adapter's own inbound work, if it has any in flight. */
  readonly idle?: () => Promise<void>;
}

/** Starts the real server on port 0 with `parts` mounted and a manually driven projection engine. */
export async function startChatHarness(deps: AppDeps, clock: SteppedClock, parts: ChatHarnessParts): Promise<ChatHarness> {
  const config = loadConfig({ LOOPX_DB: ':memory:', LOOPX_PORT: '0' }, '/nonexistent');
  const engine = createProjectionEngine(deps, { surfaces: [parts.surface], ...(parts.sources ? { sources: parts.sources } : {}), scheduler: manualScheduler });
  const server: Server = createLoopxServer(deps, config, { mounts: parts.mounts });
  const port = await listen(server, 0, '127.0.0.1');
  const settle = async () => {
    await parts.idle?.();
    engine.kick();
    await engine.idle();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    engine,
    settle,
    async drain(maxSteps = 1_000) {
      await settle();
      for (let step = 0; step < maxSteps; step += 1) {
        const due = engine.sender.nextDueInMs();
        if (due === null) return;
        clock.advance(due);
        await settle();
      }
    },
    close: () =>
      new Promise((resolve) => {
        engine.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
