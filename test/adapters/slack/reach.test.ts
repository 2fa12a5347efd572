import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { linkPerson, setReach } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { addApprovers, bindDemo, chatIdentityOf, startSlackGoal, type SlackGoal } from '../../helpers/reach.js';
import { blockAction, postSlack, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { recordingJobs } from '../../jobs/job-fixture.js';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 15 #1, #2 and #3: a gate waiting on Li and Bo @mentions them on every card and reminder, and reaches each of
// them by direct message with the buttons, within their quiet hours.

const CHANNEL = 'C0CHANNEL1';
const LI_AND_BO = [{ id: 'li', name: 'Li', timezone: 'Europe/Berlin' }, { id: 'bo', name: 'Bo', timezone: 'Europe/Berlin' }];

describe('Slack: mentions and direct messages to the people a gate waits on', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let goal: SlackGoal;

  beforeEach(async () => {
    goal = await startSlackGoal();
    ({ app, slack, harness } = goal);
    addApprovers(app.deps, 'slack', [...LI_AND_BO, { id: 'cy', name: 'Cy', link: false }]);
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', chatIdentityOf('slack', 'ana')));
    bindDemo(app.deps, 'slack', CHANNEL);
  });

  afterEach(() => goal.close());

  const messageWith = (needle: string) => {
    const key = [...slack.messages.keys()].find((k) => JSON.stringify(slack.messages.get(k)).includes(needle));
    return { blocks: JSON.stringify(slack.messages.get(key ?? '')), text: slack.texts.get(key ?? '') ?? '' };
  };

  it('the gate card and its notification text mention exactly the named approvers still to decide', async () => {
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'] }));
    await harness.drain();
    const card = messageWith('May I publish the post?');
    expect(card.blocks).toContain('*Waiting on:* <@ULI> <@UBO>');
    expect(card.blocks).not.toContain('<@UANA>');
    expect(card.text).toContain('<@ULI> <@UBO>');
  });

  it('an unlinked approver is named in plain text with how to link them; the board card says who each gate waits on', async () => {
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Which venue?', blocks: { global: true }, approvers: ['li', 'cy'] }));
    await harness.drain();
    const card = messageWith('Which venue?');
    expect(card.blocks).toContain('<@ULI> Cy _(not linked to Slack: loopx person link cy --slack &lt;team&gt;:&lt;user&gt;)_');
    const board = messageWith('Demo goal');
    expect(board.blocks).toContain('*Waiting on:* <@ULI> Cy');
  });

  it('a reminder @mentions the people it reminds', async () => {
    // Reached in the channel (people reached by DM get their reminder there instead).
    for (const id of ['li', 'bo']) unwrap(setReach(app.deps, operator, id, { via: 'channel' }));
    const { jobs, posts } = recordingJobs(app);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'], expiresInSeconds: 3600 }));
    app.clock.advance(3_600_000);
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(app.clock.now())));
    const reminder = cardToBlockKit(posts.find((p) => p.card.kind === 'heartbeat')!.card);
    expect(JSON.stringify(reminder.blocks)).toContain('*Reminder about \\"May I publish the post?\\":* <@ULI> <@UBO>');
    expect(reminder.text).toContain('<@ULI> <@UBO>');
  });

  const ask = (extra: { risk?: 'high'; expiresInSeconds?: number } = {}) =>
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'], ...extra })).gate;
  const postsTo = (channel: string) => slack.byMethod('chat.postMessage').filter((c) => c.args.channel === channel);
  const shownIn = (channel: string) => JSON.stringify([...slack.messages.entries()].filter(([key, blocks]) => key.startsWith(`${channel}/`) && JSON.stringify(blocks).includes('May I publish the post?')).map(([, blocks]) => blocks));

  it('sends one DM each, with the buttons, and mentions both in the channel card', async () => {
    const gate = ask();
    await harness.drain();
    expect(slack.byMethod('conversations.open').map((c) => c.args.users).sort()).toEqual(['UBO', 'ULI']);
    expect(postsTo('DULI')).toHaveLength(1);
    expect(postsTo('DUBO')).toHaveLength(1);
    expect(shownIn('DULI')).toContain(`loopx:approve:${gate.id}`);
    expect(shownIn(CHANNEL)).toContain('*Waiting on:* <@ULI> <@UBO>');
  });

  it('a click in Li’s DM decides the gate, and every copy (channel card, Bo’s DM, Li’s DM) shows the decision', async () => {
    const gate = ask();
    await harness.drain();
    const click = await postSlack(harness.url, blockAction('ULI', encodeCardAction({ v: 1, gate: gate.id, rev: 1, choice: 'approve' }), { channel: 'DULI' }), app.clock);
    expect(click.status).toBe(200);
    await harness.drain();
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { by: 'li' } });
    for (const channel of [CHANNEL, 'DULI', 'DUBO']) {
      expect(shownIn(channel)).toContain('Approved by Li');
      expect(shownIn(channel)).not.toContain(`loopx:approve:${gate.id}`);
    }
    // A direct message is a personal view: its times are in the reader's timezone; the channel keeps the goal's.
    expect(shownIn('DULI')).toContain('Approved by Li · 10:00 (Europe/Berlin) · via Slack');
    expect(shownIn(CHANNEL)).toContain('Approved by Li · 17:00 (Asia/Shanghai) · via Slack');
    expect(postsTo('DULI')).toHaveLength(1);
  });

  it('someone who chose the channel gets no DM; someone who chose none is named without a mention', async () => {
    unwrap(setReach(app.deps, operator, 'bo', { via: 'channel' }));
    unwrap(setReach(app.deps, operator, 'li', { via: 'none' }));
    ask();
    await harness.drain();
    expect(postsTo('DUBO')).toHaveLength(0);
    expect(postsTo('DULI')).toHaveLength(0);
    expect(shownIn(CHANNEL)).toContain('*Waiting on:* Li <@UBO>');
  });

  it('respects Li’s quiet hours in her timezone: no DM and no mention, unless a high-risk gate expires inside them', async () => {
    // 09:00 UTC is 10:00 in Berlin.
    unwrap(setReach(app.deps, operator, 'li', { quiet: '08:00-12:00' }));
    ask();
    await harness.drain();
    expect(postsTo('DULI')).toHaveLength(0);
    expect(postsTo('DUBO')).toHaveLength(1);
    expect(shownIn(CHANNEL)).toContain('*Waiting on:* Li <@UBO>');
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I rotate the keys now?', blocks: { agent: 'a1' }, approvers: ['li'], risk: 'high', expiresInSeconds: 3600 }));
    await harness.drain();
    expect(postsTo('DULI')).toHaveLength(1);
  });
});

describe('Slack reminders and escalation by direct message', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let goal: SlackGoal;
  const HOUR = 3_600_000;

  beforeEach(async () => {
    goal = await startSlackGoal();
    ({ app, slack, harness } = goal);
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', chatIdentityOf('slack', 'ana')));
    addApprovers(app.deps, 'slack', LI_AND_BO);
    bindDemo(app.deps, 'slack', CHANNEL);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'] }));
    await harness.drain();
  });

  afterEach(() => goal.close());

  const heartbeat = async () => {
    unwrap(runHeartbeat(createJobDeps(app.deps), 'demo', manualSlot(app.clock.now())));
    await harness.drain();
  };
  const textsTo = (channel: string) => slack.byMethod('chat.postMessage').filter((c) => c.args.channel === channel).map((c) => c.args.text ?? '');

  it('reminds Li and Bo once after the delay, then escalates once to the owner', async () => {
    app.clock.advance(HOUR - 60_000);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder'))).toHaveLength(0);
    app.clock.advance(60_000);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder'))).toHaveLength(1);
    expect(textsTo('DUBO').filter((t) => t.startsWith('Reminder'))).toHaveLength(1);
    expect(textsTo('DUANA')).toHaveLength(0);
    app.clock.advance(30 * 60_000);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder'))).toHaveLength(1);
    app.clock.advance(30 * 60_000);
    await heartbeat();
    expect(textsTo('DUANA').filter((t) => t.startsWith('Escalation'))).toHaveLength(1);
    app.clock.advance(HOUR);
    await heartbeat();
    expect(textsTo('DUANA')).toHaveLength(1);
    expect(textsTo('DULI')).toHaveLength(2);
  });

  it('holds Li’s reminder through her quiet hours and sends it at the first heartbeat after', async () => {
    // The reminder falls due at 11:00 in Berlin; Li is quiet until 12:30.
    unwrap(setReach(app.deps, operator, 'li', { quiet: '10:30-12:30' }));
    app.clock.advance(HOUR);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder'))).toHaveLength(0);
    expect(textsTo('DUBO').filter((t) => t.startsWith('Reminder'))).toHaveLength(1);
    app.clock.advance(HOUR + 30 * 60_000);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder'))).toHaveLength(1);
  });

  it('a gate that keeps waiting past its expiry reminds by DM once, not again in the channel', async () => {
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I rotate the keys?', blocks: { agent: 'a1' }, approvers: ['li', 'bo'], expiresInSeconds: 3600 }));
    app.clock.advance(HOUR);
    await heartbeat();
    expect(textsTo('DULI').filter((t) => t.startsWith('Reminder: May I rotate'))).toHaveLength(1);
    const thread = JSON.stringify([...slack.messages.values()].filter((blocks) => JSON.stringify(blocks).includes('Heartbeat')));
    expect(thread).not.toContain('<@ULI>');
  });

  it('someone reached in the channel is @mentioned in the heartbeat post instead', async () => {
    unwrap(setReach(app.deps, operator, 'bo', { via: 'channel' }));
    app.clock.advance(HOUR);
    await heartbeat();
    const thread = JSON.stringify([...slack.messages.values()].filter((blocks) => JSON.stringify(blocks).includes('Heartbeat')));
    expect(thread).toContain('<@UBO>');
    expect(thread).not.toContain('<@ULI>');
  });
});
