import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { askGate } from '../../../src/app/gates.js';
import { findProjection, outboxCounts } from '../../../src/store/outbox.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHAT = 'oc_fresh';
const DAY = 24 * 60 * 60 * 1000;

let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

async function gateInChat(): Promise<{ app: TestApp; harness: LarkHarness; gateKey: string; oldId: string }> {
  lark.reset();
  const app = await createTestApp();
  seedGoal(app.deps, { agents: ['a1'] });
  const harness = await startLarkHarness(app.deps, app.clock);
  unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT, purposes: ['gates'] }));
  const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true } })).gate;
  await harness.drain();
  const gateKey = `gate:${gate.id}`;
  return { app, harness, gateKey, oldId: findProjection(app.deps.store, 'lark', CHAT, gateKey)!.message_id };
}

describe('Lark cards never freeze (a JSON 2.0 card takes updates and clicks for 14 days)', () => {
  it('re-posts a card 13 days after its post, before it freezes, and points the old message at the new one without buttons', async () => {
    const { app, harness, gateKey, oldId } = await gateInChat();
    app.clock.advance(13 * DAY + 60_000);
    harness.engine.projector.reconcile();
    await harness.drain();
    const now = findProjection(app.deps.store, 'lark', CHAT, gateKey)!;
    expect(now.message_id).not.toBe(oldId);
    expect(now.posted_at).toBe(app.clock.now().toISOString());
    expect(lark.shown(now.message_id)).toContain('"tag":"button"');
    const old = lark.shown(oldId)!;
    expect(old).toContain('newer message');
    expect(old).not.toContain('"tag":"button"');
    expect(outboxCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
    // Later updates go to the new message; the old one is left alone.
    const patches = () => lark.messageCalls().filter((c) => c.method === 'PATCH' && c.path.endsWith(oldId)).length;
    const before = patches();
    harness.engine.projector.reconcile();
    await harness.drain();
    expect(patches()).toBe(before);
    await harness.close();
  });

  it('on patch error 230031 (the card froze) posts the card afresh instead of giving up', async () => {
    const { app, harness, gateKey, oldId } = await gateInChat();
    lark.script('PATCH /open-apis/im/v1/messages/', { status: 400, body: { code: 230031, msg: 'The message has exceeded the 14-day update window' } });
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Another question to move the cards', blocks: { global: true } }));
    // An amendment of the first gate re-renders its card: the patch fails with 230031.
    const { amendGate } = await import('../../../src/app/gates.js');
    unwrap(amendGate(app.deps, asAgent('a1'), gateKey.slice(5), { question: 'May I publish the post on Friday?' }));
    await harness.drain();
    const now = findProjection(app.deps.store, 'lark', CHAT, gateKey)!;
    expect(now.message_id).not.toBe(oldId);
    expect(lark.shown(now.message_id)).toContain('on Friday?');
    expect(outboxCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
    await harness.close();
  });
});
