import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { setReach } from '../../../src/app/people.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { addApprovers, bindDemo } from '../../helpers/reach.js';
import { recordingJobs } from '../../jobs/job-fixture.js';
import { cardToLark } from '../../../adapters/lark/render.js';
import { cardActionEnvelope, signedLarkRequest } from '../../helpers/lark-signing.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 15 on Lark: a gate waiting on Li and Bo @mentions them (<at id=ou_…>) and is sent to each as a direct message
// (receive_id_type open_id); urgent_app only when turned on.

const CHAT = 'oc_board';
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Lark: mentions and direct messages to the people a gate waits on', () => {
  let app: TestApp;
  let harness: LarkHarness;

  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    addApprovers(app.deps, 'lark', [{ id: 'li', name: 'Li' }, { id: 'bo', name: 'Bo' }, { id: 'cy', name: 'Cy', link: false }]);
    bindDemo(app.deps, 'lark', CHAT);
  });
  // Let sends the test started finish first: the fake Lark outlives the test, and a late post would count in the next one.
  afterEach(async () => {
    await harness.drain();
    await harness.close();
  });

  it('the gate card mentions the linked approvers by open_id and names the unlinked one with a link hint', async () => {
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo', 'cy'] }));
    await harness.drain();
    const shown = lark.shown(lark.messageTitled('May I publish the post?')) ?? '';
    expect(shown).toContain('<at id=ou_li></at> <at id=ou_bo></at> Cy (not linked to Lark: loopx person link cy --lark &#60;tenant&#62;:&#60;open&#95;id&#62;)');
    expect(shown).not.toContain('ou_ana');
  });

  it('a reminder mentions the people it reminds', async () => {
    // Reached in the channel (people reached by DM get their reminder there instead).
    for (const id of ['li', 'bo']) unwrap(setReach(app.deps, operator, id, { via: 'channel' }));
    const { jobs, posts } = recordingJobs(app);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'], expiresInSeconds: 3600 }));
    app.clock.advance(3_600_000);
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(app.clock.now())));
    expect(cardToLark(posts.find((p) => p.card.kind === 'heartbeat')!.card).content).toContain('<at id=ou_li></at> <at id=ou_bo></at>');
  });

  const dmPosts = () => lark.messageCalls().filter((c) => c.method === 'POST' && c.query.get('receive_id_type') === 'open_id');

  it('sends one DM each with the buttons; a click in Li’s DM decides, and every copy is patched to the decision', async () => {
    const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'] })).gate;
    await harness.drain();
    expect(dmPosts().map((c) => c.body.receive_id).sort()).toEqual(['ou_bo', 'ou_li']);
    expect(dmPosts()[0]!.body.content).toContain('"tag":"button"');
    const ids = lark.messagesTitled('May I publish the post?');
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
    addApprovers(app.deps, 'lark', [{ id: 'li', name: 'Li' }]);
    bindDemo(app.deps, 'lark', CHAT);
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

