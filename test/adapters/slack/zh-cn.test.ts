import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindGoal } from '../../../src/app/bindings.js';
import { askGate } from '../../../src/app/gates.js';
import { addMember } from '../../../src/app/goals.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { englishWords } from '../../helpers/english.js';
import { blockAction, postSlack, postSlackEvent, startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

// Issue 16: Slack's own answers (the reject form, its refusals, the unlinked Home tab, an unlinked click) follow
// the person's language; someone LoopX does not know reads the language of the channel, else of the Slack bindings.

const CHANNEL = 'C0ZHCHAN1';

describe('Slack answers a Chinese reader in Chinese', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;
  let gateId = '';
  const button = (choice: 'approve' | 'reject') => encodeCardAction({ v: 1, gate: gateId, rev: 1, choice });
  const told = () => slack.byMethod('response_url').map((c) => c.args.text ?? '');

  beforeEach(async () => {
    app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(addPerson(app.deps, operator, { id: 'li', name: '李雷', timezone: 'Asia/Shanghai', locale: 'zh-CN' }));
    unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
    unwrap(linkPerson(app.deps, operator, 'li', 'slack', `${TEAM}:ULI`));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL, locale: 'zh-CN' }));
    gateId = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true } })).gate.id;
    await harness.drain();
  });
  afterEach(async () => {
    await harness.close();
    slack.close();
  });

  function chinese(text: string | undefined): void {
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(englishWords(text ?? '', ['May I publish the post?', gateId, `${TEAM}:USTRANGER`, TEAM])).toEqual([]);
  }

  it('the reject form, and its failure to open, are Chinese', async () => {
    await postSlack(harness.url, blockAction('ULI', button('reject'), { channel: CHANNEL }), app.clock);
    await harness.settle();
    const view = JSON.parse(slack.byMethod('views.open')[0]!.args.view!) as { title: { text: string }; submit: { text: string }; close: { text: string }; blocks: { label: { text: string } }[] };
    for (const text of [view.title.text, view.submit.text, view.close.text, view.blocks[0]!.label.text]) chinese(text);
    slack.failNext('views.open', 'expired_trigger_id');
    await postSlack(harness.url, blockAction('ULI', button('reject'), { channel: CHANNEL }), app.clock);
    await harness.settle();
    chinese(told()[0]);
  });

  it('a reject form LoopX cannot read, and a reject without a reason, are refused in Chinese', async () => {
    const submit = (metadata: string, reason: string) =>
      postSlack(harness.url, { payload: JSON.stringify({ type: 'view_submission', team: { id: TEAM }, user: { id: 'ULI', team_id: TEAM }, trigger_id: 't', view: { id: 'V1', type: 'modal', callback_id: 'loopx_reject', private_metadata: metadata, state: { values: { reason: { reason: { type: 'plain_text_input', value: reason } } } } } }) }, app.clock);
    chinese((JSON.parse((await submit('not json', 'x')).text) as { errors: { reason: string } }).errors.reason);
    chinese((JSON.parse((await submit(JSON.stringify({ gate: gateId, rev: 1, channel: CHANNEL }), ' ')).text) as { errors: { reason: string } }).errors.reason);
    expect(findGate(app.deps.store, gateId)?.state).toBe('pending');
  });

  it('an unreadable button, and an unlinked account clicking in a Chinese channel, are answered in Chinese', async () => {
    await postSlack(harness.url, blockAction('ULI', JSON.stringify({ choice: 'approve', v: 99 }), { channel: CHANNEL }), app.clock);
    await postSlack(harness.url, blockAction('USTRANGER', button('approve'), { channel: CHANNEL }), app.clock);
    await harness.settle();
    expect(told()).toHaveLength(2);
    for (const text of told()) chinese(text);
    expect(findGate(app.deps.store, gateId)?.state).toBe('pending');
  });

  it('an unlinked account\'s Home tab reads the Slack bindings\' language', async () => {
    await postSlackEvent(harness.url, { type: 'app_home_opened', user: 'USTRANGER', channel: 'DUSTRANGER', tab: 'home', event_ts: '1.2' }, app.clock);
    await harness.settle();
    const view = JSON.parse(slack.byMethod('views.publish')[0]!.args.view!) as { blocks: unknown[] };
    const texts = JSON.stringify(view.blocks).match(/"text":"[^"]*"/g) ?? [];
    for (const text of texts.filter((t) => !t.includes('"text":"plain_text"') && !t.includes('"text":"mrkdwn"'))) chinese(text.replace(/^"text":/, ''));
  });
});
