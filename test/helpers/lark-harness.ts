import type { Server } from 'node:http';
import { createLarkAdapter, type LarkAdapter } from '../../adapters/lark/index.js';
import type { AppDeps } from '../../src/app/deps.js';
import { createBoardSource, createGateSource, createProjectionEngine, type ProjectionEngine } from '../../src/app/projection/index.js';
import { loadConfig } from '../../src/config.js';
import { listen } from '../../src/http/serve.js';
import { createLoopxServer } from '../../src/server.js';
import type { SteppedClock } from './clock.js';
import { LARK_TEST_BASE } from './lark-api.js';
import { LARK_SECRETS } from './lark-signing.js';
import { manualScheduler } from './slack.js';

/** The real Lark adapter in webhook mode on the real server, with a projection engine driving its surface. */
export interface LarkHarness {
  readonly url: string;
  readonly adapter: LarkAdapter;
  readonly engine: ProjectionEngine;
  /** Sends everything due, stepping the clock through rate-limit waits (nothing sleeps). */
  drain(maxSteps?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the harness; start the fake Lark (msw) first. */
export async function startLarkHarness(deps: AppDeps, clock: SteppedClock): Promise<LarkHarness> {
  const config = loadConfig({ LOOPX_DB: ':memory:', LOOPX_PORT: '0' }, '/nonexistent');
  const sources = [createBoardSource(), createGateSource()];
  const adapter = createLarkAdapter(deps, { appId: LARK_SECRETS.appId, appSecret: 'secret-ok', domain: LARK_TEST_BASE, mode: 'webhook', encryptKey: LARK_SECRETS.encryptKey, verificationToken: LARK_SECRETS.verificationToken, sources });
  const engine = createProjectionEngine(deps, { surfaces: [adapter.surface], sources, scheduler: manualScheduler });
  const server: Server = createLoopxServer(deps, config, { mounts: adapter.mounts });
  const port = await listen(server, 0, '127.0.0.1');
  const settle = async () => {
    engine.kick();
    await engine.idle();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    adapter,
    engine,
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
