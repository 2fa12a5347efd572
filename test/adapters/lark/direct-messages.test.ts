import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { addMember } from '../../../src/app/goals.js';
import { askGate } from '../../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { cardActionEnvelope, signedLarkRequest } from '../../helpers/lark-signing.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 15 #2 on Lark: a gate waiting on Li and Bo is sent to each as a direct message (receive_id_type open_id).

const CHAT = 'oc_board';
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Lark direct messages to the people a gate waits on', () => {
  let app: TestApp;
  let harness: LarkHarness;

  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    for (const id of ['li', 'bo']) {
      unwrap(addPerson(app.deps, operator, { id, name: id === 'li' ? 'Li' : 'Bo' }));
      unwrap(addMember(app.deps, operator, 'demo', id, 'approver'));
      unwrap(linkPerson(app.deps, operator, id, 'lark', `tenant1:ou_${id}`));
    }
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT }));
  });
  afterEach(() => harness.close());

  const dmPosts = () => lark.messageCalls().filter((c) => c.method === 'POST' && c.query.get('receive_id_type') === 'open_id');

  it('sends one DM each with the buttons; a click in Li’s DM decides, and every copy is patched to the decision', async () => {
    const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'] })).gate;
    await harness.drain();
    expect(dmPosts().map((c) => c.body.receive_id).sort()).toEqual(['ou_bo', 'ou_li']);
    expect(dmPosts()[0]!.body.content).toContain('"tag":"button"');
    const ids = [1, 2, 3, 4].map((n) => `om_${String(n).padStart(4, '0')}`).filter((id) => JSON.parse(lark.shown(id) ?? '{}').header?.title?.content === 'May I publish the post?');
    expect(ids).toHaveLength(3);
    const liMessage = ids.find((id) => dmPosts().some((c) => c.body.receive_id === 'ou_li' && c.body.content === lark.shown(id)));
    const envelope = cardActionEnvelope({ eventId: 'ev_dm', openId: 'ou_li', value: { loopx: encodeCardAction({ v: 1, gate: gate.id, rev: 1, choice: 'approve' }) }, createTimeMs: app.clock.now().getTime(), messageId: liMessage ?? '' });
    envelope.event.context.open_chat_id = 'oc_p2p_li';
    const request = signedLarkRequest(envelope, { timestampSeconds: Math.floor(app.clock.now().getTime() / 1000) });
    const response = await fetch(`${harness.url}/lark/events`, { method: 'POST', body: request.body, headers: request.headers });
    expect(response.status).toBe(200);
    await harness.drain();
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { by: 'li', via: 'lark' } });
    for (const id of ids) {
      expect(lark.shown(id)).toContain('Approved by Li');
      expect(lark.shown(id)).not.toContain('"tag":"button"');
    }
  });
});

describe('Lark urgent_app for a high-risk gate about to expire (off by default)', () => {
  const urgentCalls = () => lark.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith('/urgent_app'));

  async function scenario(urgentApp: boolean) {
    lark.reset();
    const app = await createTestApp();
    const harness = await startLarkHarness(app.deps, app.clock, { urgentApp });
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(addPerson(app.deps, operator, { id: 'li', name: 'Li' }));
    unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
    unwrap(linkPerson(app.deps, operator, 'li', 'lark', 'tenant1:ou_li'));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT }));
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I rotate the keys?', blocks: { global: true }, approvers: ['li'], risk: 'high', expiresInSeconds: 90 * 60 }));
    await harness.drain();
    app.clock.advance(45 * 60_000);
    unwrap(runHeartbeat(createJobDeps(app.deps), 'demo', manualSlot(app.clock.now())));
    await harness.drain();
    unwrap(runHeartbeat(createJobDeps(app.deps), 'demo', manualSlot(app.clock.now())));
    await harness.drain();
    await harness.close();
  }

  it('buzzes Li once on the urgent reminder in her DM when LARK_URGENT_APP is on', async () => {
    await scenario(true);
    expect(urgentCalls()).toHaveLength(1);
    expect(urgentCalls()[0]!.body).toEqual({ user_id_list: ['ou_li'] });
    expect(urgentCalls()[0]!.query.get('user_id_type')).toBe('open_id');
  });

  it('never buzzes when it is off (the default)', async () => {
    await scenario(false);
    expect(urgentCalls()).toHaveLength(0);
    expect(lark.messageCalls().filter((c) => c.method === 'POST' && JSON.stringify(c.body).includes('Urgent'))).toHaveLength(1);
  });
});

