import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bindGoalToBase } from '../../../src/app/base/index.js';
import { addTodo } from '../../../src/app/todos.js';
import { serveApp, type RunningServer } from '../../../src/compose.js';
import { loadConfig } from '../../../src/config.js';
import { LARK_TEST_BASE, startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { installFakeBase } from '../../helpers/lark-base.js';
import { testBaseApi } from '../../helpers/lark-base-harness.js';
import { LARK_SECRETS } from '../../helpers/lark-signing.js';
import { createTestApp, operator, seedGoal, unwrap } from '../../helpers/test-app.js';

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('loopx serve with Lark configured', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.stop();
    lark.server.resetHandlers();
  });

  it('runs the Base engine: a goal bound while it runs fills its table and follows new todos', async () => {
    const app = await createTestApp();
    const base = installFakeBase(lark, () => app.clock.now().getTime());
    base.addApp('bascnServe000001', 'Serve board');
    seedGoal(app.deps, { agents: [] });
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Before binding' }));
    const env = { LOOPX_DB: ':memory:', LOOPX_PORT: '0', LOOPX_DEMO: 'off', LARK_APP_ID: LARK_SECRETS.appId, LARK_APP_SECRET: 'secret-ok', LARK_DOMAIN: LARK_TEST_BASE, LARK_MODE: 'webhook', LARK_ENCRYPT_KEY: LARK_SECRETS.encryptKey, LARK_VERIFICATION_TOKEN: LARK_SECRETS.verificationToken };
    running = await serveApp(app.deps, loadConfig(env, '/nonexistent'));
    await running.chatJoined;
    const { tableId } = unwrap(await bindGoalToBase(app.deps, operator, testBaseApi(), { goalId: 'demo', target: 'bascnServe000001' }));
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'After binding' }));
    // The stepped clock moves past each coalescing window while the server's real timers fire.
    await expect.poll(() => (app.clock.advance(500), base.rowsById('bascnServe000001', tableId).size), { interval: 20, timeout: 5_000 }).toBe(2);
  });
});
