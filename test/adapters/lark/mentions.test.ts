import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardToLark } from '../../../adapters/lark/render.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { addMember } from '../../../src/app/goals.js';
import { askGate } from '../../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { recordingJobs } from '../../jobs/job-fixture.js';
import { startFakeLark, type FakeLark } from '../../helpers/lark-api.js';
import { startLarkHarness, type LarkHarness } from '../../helpers/lark-harness.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHAT = 'oc_board';
let lark: FakeLark;
beforeAll(() => {
  lark = startFakeLark();
});
afterAll(() => lark.server.close());

describe('Lark cards @mention the people a gate waits on', () => {
  let app: TestApp;
  let harness: LarkHarness;

  beforeEach(async () => {
    lark.reset();
    app = await createTestApp();
    harness = await startLarkHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    for (const [id, name] of [['li', 'Li'], ['bo', 'Bo'], ['cy', 'Cy']] as const) {
      unwrap(addPerson(app.deps, operator, { id, name }));
      unwrap(addMember(app.deps, operator, 'demo', id, 'approver'));
    }
    unwrap(linkPerson(app.deps, operator, 'li', 'lark', 'tenant1:ou_li'));
    unwrap(linkPerson(app.deps, operator, 'bo', 'lark', 'tenant1:ou_bo'));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: CHAT }));
  });
  afterEach(() => harness.close());

  it('the gate card mentions the linked approvers by open_id and names the unlinked one with a link hint', async () => {
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo', 'cy'] }));
    await harness.drain();
    const shown = lark.shown(lark.messageTitled('May I publish the post?')) ?? '';
    expect(shown).toContain('<at id=ou_li></at> <at id=ou_bo></at> Cy (not linked to Lark: loopx person link cy --lark &#60;tenant&#62;:&#60;open&#95;id&#62;)');
    expect(shown).not.toContain('ou_ana');
  });

  it('a reminder mentions the people it reminds', async () => {
    const { jobs, posts } = recordingJobs(app);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'], expiresInSeconds: 3600 }));
    app.clock.advance(3_600_000);
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(app.clock.now())));
    expect(cardToLark(posts.find((p) => p.card.kind === 'heartbeat')!.card).content).toContain('<at id=ou_li></at> <at id=ou_bo></at>');
  });
});
