import { createLarkBaseApi } from '../../adapters/lark/base/api.js';
import { bindGoalToBase, createBaseEngine, type BaseApi, type BaseEngine } from '../../src/app/base/index.js';
import type { Scheduler } from '../../src/app/projection/index.js';
import type { SteppedClock } from './clock.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { installFakeBase, type FakeBase } from './lark-base.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from './lark-api.js';
import { LARK_SECRETS } from './lark-signing.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from './test-app.js';

/** A scheduler that runs nothing by itself: tests run what it holds (`runAll`) and drain by hand, stepping the clock. */
export interface HeldScheduler extends Scheduler {
  /** Runs every held callback once (in order), answering how many there were. */
  runAll(): number;
}

export function heldScheduler(): HeldScheduler {
  let held: { delayMs: number; run: () => void }[] = [];
  return {
    schedule(delayMs, run) {
      const task = { delayMs, run };
      held.push(task);
      return () => void (held = held.filter((t) => t !== task));
    },
    runAll() {
      const due = held;
      held = [];
      for (const task of due) task.run();
      return due.length;
    },
  };
}

/** The real Base port on the SDK, pointed at the fake Lark. */
export function testBaseApi(): BaseApi {
  return createLarkBaseApi({ appId: LARK_SECRETS.appId, appSecret: 'secret-ok', domain: LARK_TEST_BASE });
}

/** A Base engine on a test app, and a drain that steps the clock to each next due send until nothing is owed. */
export interface BaseHarness {
  readonly api: BaseApi;
  readonly engine: BaseEngine;
  readonly scheduler: HeldScheduler;
  drain(maxSteps?: number): Promise<void>;
}

export function startBaseHarness(app: TestApp, api: BaseApi = testBaseApi()): BaseHarness {
  const scheduler = heldScheduler();
  const engine = createBaseEngine(app.deps, api, { scheduler });
  const clock: SteppedClock = app.clock;
  return {
    api,
    engine,
    scheduler,
    async drain(maxSteps = 200) {
      for (let step = 0; step < maxSteps; step += 1) {
        engine.kick();
        await engine.idle();
        const due = engine.sender.nextDueInMs();
        if (due === null) return;
        clock.advance(Math.max(due, 1));
      }
      throw new Error('the Base engine did not drain');
    },
  };
}

/** Binds the seeded goal to a fresh Base `app` on the fake, creating the table; answers its table id. */
export async function bindFreshBase(app: TestApp, base: FakeBase, harness: BaseHarness, appToken = 'bascnLoopxTest01', goalId = 'demo'): Promise<string> {
  base.addApp(appToken, 'Team board');
  return unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId, target: appToken })).tableId;
}

/** What a Base test file shares: the fake Lark (one per file), a fresh Base stub and app with goal `demo` per test. */
export interface FakeBaseSuite {
  readonly lark: FakeLark;
  readonly base: FakeBase;
  readonly app: TestApp;
}

/** Registers the hooks of a Base test file and answers the suite whose fields are fresh in each test. */
export function useFakeBase(): FakeBaseSuite {
  const suite = {} as { lark: FakeLark; base: FakeBase; app: TestApp };
  beforeAll(() => {
    suite.lark = startFakeLark();
  });
  afterAll(() => suite.lark.server.close());
  beforeEach(async () => {
    suite.lark.server.resetHandlers();
    suite.app = await createTestApp();
    suite.base = installFakeBase(suite.lark, () => suite.app.clock.now().getTime());
    seedGoal(suite.app.deps, { agents: ['a1'] });
  });
  return suite;
}
