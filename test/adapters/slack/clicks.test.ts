import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { addMember } from '../../../src/app/goals.js';
import { askGate } from '../../../src/app/gates.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { runChatCommand } from '../../../src/app/chat-run.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import type { Gate } from '../../../src/kernel/gate.js';
import { listEvents } from '../../../src/store/events.js';
import { blockAction, postSlack, startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHANNEL = 'C0CHANNEL1';

describe('Slack clicks on gate cards', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let gate: Gate;

  beforeEach(async () => {
    app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(addPerson(app.deps, operator, { id: 'bo', name: 'Bo' }));
    unwrap(addMember(app.deps, operator, 'demo', 'bo', 'approver'));
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
    unwrap(linkPerson(app.deps, operator, 'bo', 'slack', `${TEAM}:UBO`));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL }));
    gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true } })).gate;
    await harness.drain();
  });

  afterEach(async () => {
    await harness.close();
    slack.close();
  });

  const button = (choice: 'approve' | 'reject' | 'defer', rev = gate.revision) => encodeCardAction({ v: 1, gate: gate.id, rev, choice });
  // Refusals go to the clicker alone through the interaction's response_url (not chat.postEphemeral, which
  // fails where the bot is not a member and needs the channel).
  const ephemerals = () => slack.byMethod('response_url').map((c) => ({ user: c.args.user, text: c.args.text }));
  // A gate card in the channel is the message whose header is its question (cards name no ids).
  const channelCard = (question: string) => JSON.stringify([...slack.messages.entries()].find(([key, blocks]) => key.startsWith(`${CHANNEL}/`) && JSON.stringify(blocks[0]).includes(question))?.[1]);
  const gateCardBlocks = () => channelCard('May I publish the post?');

  it('posts the board card and the gate card with buttons', () => {
    expect(slack.byMethod('chat.postMessage').filter((c) => c.args.channel === CHANNEL)).toHaveLength(2);
    expect(gateCardBlocks()).toContain('"action_id":"loopx:approve:');
  });

  it('an authorised approve records one decision and updates the card in place', async () => {
    const response = await postSlack(harness.url, blockAction('UANA', button('approve')), app.clock);
    expect(response.status).toBe(200);
    await harness.drain();
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { by: 'ana', via: 'slack' } });
    expect(ephemerals()).toEqual([]);
    expect(slack.byMethod('chat.postMessage').filter((c) => c.args.channel === CHANNEL)).toHaveLength(2);
    expect(slack.byMethod('chat.update').length).toBeGreaterThanOrEqual(2);
    expect(gateCardBlocks()).toContain('Approved by Ana · 17:00 (Asia/Shanghai) · via Slack');
    expect(gateCardBlocks()).not.toContain('"type":"actions"');
  });

  it('two approvers within milliseconds: one decision, one "already approved" ephemeral', async () => {
    const [first, second] = await Promise.all([
      postSlack(harness.url, blockAction('UANA', button('approve')), app.clock),
      postSlack(harness.url, blockAction('UBO', button('approve')), app.clock),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await harness.settle();
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decided')).toHaveLength(1);
    const told = ephemerals();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^Already approved by (Ana|Bo) at 17:00 \(Asia\/Shanghai\) via Slack/);
  });

  it('a gate with options gets one approve button per option (unique action ids); a click records the option', async () => {
    const picked = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Which title?', blocks: { agent: 'a1' }, options: ['Alpha', 'Beta'] })).gate;
    await harness.drain();
    const card = channelCard('Which title?');
    expect(card).toContain(`"action_id":"loopx:approve:${picked.id}:1:o0"`);
    expect(card).toContain(`"action_id":"loopx:approve:${picked.id}:1:o1"`);
    await postSlack(harness.url, blockAction('UBO', encodeCardAction({ v: 1, gate: picked.id, rev: 1, choice: 'approve', opt: 1 })), app.clock);
    await harness.drain();
    expect(findGate(app.deps.store, picked.id)?.decision).toMatchObject({ by: 'bo', via: 'slack', option: 'Beta' });
  });

  it('an unlinked user is told how to link, and nothing changes but the audit trail', async () => {
    await postSlack(harness.url, blockAction('USTRANGER', button('approve')), app.clock);
    await harness.settle();
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    expect(ephemerals()).toEqual([{ user: 'USTRANGER', text: expect.stringContaining(`loopx person link &lt;person&gt; --slack ${TEAM}:USTRANGER`) }]);
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decision_refused')).toHaveLength(1);
  });

  it('the requester cannot approve their own gate', async () => {
    const own = unwrap(askGate(app.deps, { actor: { kind: 'person', id: 'ana' } }, 'demo', { question: 'May I spend $50?', blocks: { global: true } })).gate;
    await postSlack(harness.url, blockAction('UANA', encodeCardAction({ v: 1, gate: own.id, rev: own.revision, choice: 'approve' })), app.clock);
    await harness.settle();
    expect(findGate(app.deps.store, own.id)?.state).toBe('pending');
    expect(ephemerals()[0]?.text).toContain('You asked this question');
  });

  it('a stale revision is refused with "this request changed"', async () => {
    await postSlack(harness.url, blockAction('UANA', button('approve', gate.revision + 1)), app.clock);
    await harness.settle();
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    expect(ephemerals()[0]?.text).toContain('This request changed');
  });

  it('reject opens a modal, and the submitted reason decides the gate', async () => {
    await postSlack(harness.url, blockAction('UANA', button('reject')), app.clock);
    await harness.settle();
    const opened = slack.byMethod('views.open');
    expect(opened).toHaveLength(1);
    const view = JSON.parse(opened[0]!.args.view!);
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    const submit = (reason: string) =>
      postSlack(harness.url, { payload: JSON.stringify({ type: 'view_submission', team: { id: TEAM }, user: { id: 'UANA', team_id: TEAM }, trigger_id: 't', view: { ...view, id: 'V1', state: { values: { reason: { reason: { type: 'plain_text_input', value: reason } } } } } }) }, app.clock);
    const empty = await submit('  ');
    expect(JSON.parse(empty.text)).toMatchObject({ response_action: 'errors', errors: { reason: expect.stringContaining('needs a reason') } });
    expect((await submit('The numbers are wrong')).status).toBe(200);
    await harness.settle();
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'rejected', decision: { reason: 'The numbers are wrong' } });
  });

  it('refuses a bad signature and a 6-minute-old timestamp with 401, recording nothing', async () => {
    const before = listEvents(app.deps.store).length;
    const forged = await postSlack(harness.url, blockAction('UANA', button('approve')), app.clock, { secret: 'wrong' });
    const replayed = await postSlack(harness.url, blockAction('UANA', button('approve')), app.clock, { signedAt: Math.floor(app.clock.now().getTime() / 1000) - 360 });
    await harness.settle();
    expect([forged.status, replayed.status]).toEqual([401, 401]);
    expect(listEvents(app.deps.store)).toHaveLength(before);
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('/loopx review answers with the review packet as blocks with the gate\'s buttons, and a press on them decides', async () => {
    const answer = await postSlack(harness.url, { command: '/loopx', text: 'review demo', team_id: TEAM, user_id: 'UANA', channel_id: CHANNEL, trigger_id: 't-review', response_url: 'https://hooks.slack.test/commands/2' }, app.clock);
    const body = JSON.parse(answer.text) as { response_type: string; text: string; blocks?: unknown[] };
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toContain('Approving does NOT authorise');
    const blocks = JSON.stringify(body.blocks);
    expect(blocks).toContain('May I publish the post?');
    expect(blocks).toContain('Suggested decision');
    const approve = encodeCardAction({ v: 1, gate: gate.id, rev: gate.revision, choice: 'approve' });
    expect(blocks).toContain(JSON.stringify(approve).slice(1, -1));
    expect((await postSlack(harness.url, blockAction('UANA', approve), app.clock)).status).toBe(200);
    await harness.settle();
    expect(findGate(app.deps.store, gate.id)?.state).toBe('approved');
  });

  it('the review card asks to confirm a high-risk approval, like every gate card', () => {
    const risky = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I drop the table?', risk: 'high', blocks: { global: true } })).gate;
    const card = runChatCommand(app.deps, { surface: 'slack', externalId: `${TEAM}:UANA` }, 'review demo').card;
    expect(card?.key).toBe(`review:${risky.id}`);
    const approve = card?.blocks.flatMap((b) => (b.type === 'actions' ? b.buttons : [])).find((b) => b.action.choice === 'approve');
    expect(approve?.confirm).toBeDefined();
  });

  it('/loopx approve decides by text with the same authorisation', async () => {
    const command = (user: string, text: string) => ({ command: '/loopx', text, team_id: TEAM, user_id: user, channel_id: CHANNEL, trigger_id: `t-${user}-${text}`, response_url: 'https://hooks.slack.test/commands/1' });
    const stranger = await postSlack(harness.url, command('USTRANGER', `approve ${gate.id}`), app.clock);
    expect(JSON.parse(stranger.text)).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('not linked') });
    const ana = await postSlack(harness.url, command('UANA', `approve ${gate.id} ship it`), app.clock);
    expect(JSON.parse(ana.text).text).toContain('Approved');
    expect(findGate(app.deps.store, gate.id)).toMatchObject({ state: 'approved', decision: { reason: 'ship it' } });
  });
});
