import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember } from '../../../src/app/goals.js';
import { askGate } from '../../../src/app/gates.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { blockAction, postSlack, postSlackEvent, startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 15 #4: the Slack App Home tab is the person's own "Needs you".

describe('Slack App Home: a "Needs you" that is mine', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let forLi: string;

  beforeEach(async () => {
    app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1', 'a2'] });
    unwrap(addPerson(app.deps, operator, { id: 'li', name: 'Li', timezone: 'Europe/Berlin' }));
    unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
    unwrap(linkPerson(app.deps, operator, 'li', 'slack', `${TEAM}:ULI`));
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
    forLi = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { agent: 'a1' }, approvers: ['li'] })).gate.id;
    unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'May I email the list?', blocks: { agent: 'a2' }, approvers: ['ana'] }));
  });

  afterEach(async () => {
    await harness.close();
    slack.close();
  });

  const published = () => slack.byMethod('views.publish').map((c) => ({ user: c.args.user_id, view: JSON.parse(c.args.view ?? '{}') as { type: string; blocks: unknown[] } }));
  const openHome = async (user: string) => {
    expect((await postSlackEvent(harness.url, { type: 'app_home_opened', user, channel: `D${user}`, tab: 'home', event_ts: '1.2' }, app.clock)).status).toBe(200);
    await harness.settle();
  };

  it('Li opens the Home tab: her gate with buttons, Ana’s gate as waiting on Ana without buttons', async () => {
    await openHome('ULI');
    const [home] = published();
    expect(home?.user).toBe('ULI');
    expect(home?.view.type).toBe('home');
    const blocks = JSON.stringify(home?.view.blocks);
    expect(blocks).toContain('May I publish the post?');
    expect(blocks).toContain(`loopx:approve:${forLi}`);
    expect(blocks).toContain('May I email the list?');
    expect(blocks).toContain('waiting on Ana');
    expect(blocks.match(/loopx:approve:/g)).toHaveLength(1);
  });

  it('an unlinked Slack user is told how to link their account', async () => {
    await openHome('USTRANGER');
    const [home] = published();
    expect(JSON.stringify(home?.view.blocks)).toContain('loopx person link');
    expect(JSON.stringify(home?.view.blocks)).not.toContain('May I publish the post?');
  });

  it('a click on the Home tab decides the gate and the tab is drawn again without it', async () => {
    await openHome('ULI');
    const click = await postSlack(harness.url, blockAction('ULI', encodeCardAction({ v: 1, gate: forLi, rev: 1, choice: 'approve' }), { home: true }), app.clock);
    expect(click.status).toBe(200);
    await harness.settle();
    expect(findGate(app.deps.store, forLi)?.state).toBe('approved');
    const last = published().at(-1);
    expect(published()).toHaveLength(2);
    expect(JSON.stringify(last?.view.blocks)).not.toContain(`loopx:approve:${forLi}`);
  });
});
