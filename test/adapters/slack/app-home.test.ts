import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEvidence } from '../../../src/app/evidence.js';
import { askGate } from '../../../src/app/gates.js';
import { linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { addApprovers, chatIdentityOf, startSlackGoal, type SlackGoal } from '../../helpers/reach.js';
import { blockAction, postSlack, postSlackEvent, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 15 #4: the Slack App Home tab is the person's own "Needs you".

describe('Slack App Home: a "Needs you" that is mine', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let goal: SlackGoal;
  let forLi: string;

  beforeEach(async () => {
    goal = await startSlackGoal(['a1', 'a2']);
    ({ app, slack, harness } = goal);
    addApprovers(app.deps, 'slack', [{ id: 'li', name: 'Li', timezone: 'Europe/Berlin' }]);
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', chatIdentityOf('slack', 'ana')));
    forLi = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { agent: 'a1' }, approvers: ['li'] })).gate.id;
    unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'May I email the list?', blocks: { agent: 'a2' }, approvers: ['ana'] }));
  });

  afterEach(() => goal.close());

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

  it('an open Home tab is redrawn when what waits on its person changes, and only then', async () => {
    await openHome('ULI');
    expect(published()).toHaveLength(1);
    // Evidence changes nothing on Li's tab: nothing is published.
    unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'note', summary: 'Draft is ready.' }));
    await harness.settle();
    expect(published()).toHaveLength(1);
    // A new gate for Li reaches her open tab without her reopening it.
    unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'May I rename the repo?', blocks: { agent: 'a2' }, approvers: ['li'] }));
    await harness.settle();
    expect(published()).toHaveLength(2);
    expect(JSON.stringify(published().at(-1)?.view.blocks)).toContain('May I rename the repo?');
    // Opening it again with nothing new draws nothing more: the tab already shows it.
    await openHome('ULI');
    expect(published()).toHaveLength(2);
  });
});
