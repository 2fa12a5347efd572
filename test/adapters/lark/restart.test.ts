import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness } from '../../helpers/lark-harness.js';
import { createTestApp, operator, seedGoal, unwrap } from '../../helpers/test-app.js';

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Lark sends across a lost answer and a restart', () => {
  it('a create whose answer was lost is retried with the same uuid: one card in the chat, and a restart posts nothing more', async () => {
    const app = await createTestApp();
    seedGoal(app.deps, { agents: ['a1'] });
    // Lark creates the card, but the answer never reaches us (a crash or a dropped connection).
    lark.script('POST /open-apis/im/v1/messages', { status: 503, body: { code: 1, msg: 'busy' }, createsMessage: true });
    const first = await startLarkHarness(app.deps, app.clock);
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_restart' }));
    await first.drain();
    const posts = () => lark.messageCalls().filter((c) => c.method === 'POST');
    expect(posts()).toHaveLength(2);
    expect(posts()[0]?.body.uuid).toBe(posts()[1]?.body.uuid);
    expect(lark.messageCount()).toBe(1);
    await first.close();
    const second = await startLarkHarness(app.deps, app.clock);
    second.engine.start();
    await second.drain();
    expect(posts()).toHaveLength(2);
    expect(lark.messageCount()).toBe(1);
    await second.close();
  });
});
