import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackWebClient } from '../../../adapters/slack/bolt.js';
import { cardToBlockKit, escapeMrkdwn } from '../../../adapters/slack/render.js';
import { createSlackSurface } from '../../../adapters/slack/surface.js';
import { translator } from '../../../cards/i18n/index.js';
import type { Card } from '../../../cards/model.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { askGate } from '../../../src/app/gates.js';
import { linkPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { addTodo } from '../../../src/app/todos.js';
import { findProjection, outboxCounts } from '../../../src/store/outbox.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { blockAction, postSlack, SLACK_API, startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const card = (fallbackText: string): Card => ({ key: 'gate:g1', kind: 'gate', fallbackText, blocks: [{ type: 'text', text: 'body' }] });

describe('Slack platform details', () => {
  it('escapes &, < and > in the text fallback: an agent-written <!channel> pings nobody', () => {
    const message = cardToBlockKit(card('Gate: ship <!channel> & tell <@U123>?'));
    expect(message.text).toBe('Gate: ship &lt;!channel&gt; &amp; tell &lt;@U123&gt;?');
  });

  describe('permanent errors are parked, not retried forever', () => {
    let slack: FakeSlack;
    let app: TestApp;
    beforeEach(async () => {
      app = await createTestApp();
      slack = startFakeSlack(app.clock);
    });
    afterEach(() => slack.close());

    it.each(['msg_blocks_too_long', 'invalid_metadata_format', 'invalid_metadata_schema', 'metadata_too_large'])('%s is a rejection', async (error) => {
      const surface = createSlackSurface(createSlackWebClient('xoxb-test', SLACK_API));
      slack.failNext('chat.postMessage', error);
      expect(await surface.post('C0CHANNEL1', card('x'), { idempotencyKey: 'k' })).toEqual({ kind: 'rejected', reason: error });
    });
  });

  it('a card deleted by hand (message_not_found on update) is posted again through the re-post path', async () => {
    const app = await createTestApp();
    const slack = startFakeSlack(app.clock);
    const harness = await startSlackHarness(app.deps, app.clock);
    try {
      seedGoal(app.deps, { agents: ['a1'] });
      unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1', purposes: ['board'] }));
      await harness.drain();
      const first = findProjection(app.deps.store, 'slack', 'C0CHANNEL1', 'goal:demo')!;
      slack.messages.delete(`C0CHANNEL1/${first.message_id}`);
      unwrap(addTodo(app.deps, asAgent('a1'), 'demo', { text: 'Write the release notes' }));
      app.clock.advance(2_000);
      await harness.drain();
      const now = findProjection(app.deps.store, 'slack', 'C0CHANNEL1', 'goal:demo')!;
      expect(now.message_id).not.toBe(first.message_id);
      expect(JSON.stringify(slack.messages.get(`C0CHANNEL1/${now.message_id}`))).toContain('Write the release notes');
      expect(outboxCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
    } finally {
      await harness.close();
      slack.close();
    }
  });

  describe('the Reject button', () => {
    let app: TestApp;
    let slack: FakeSlack;
    let harness: SlackHarness;
    let button = '';
    beforeEach(async () => {
      app = await createTestApp();
      slack = startFakeSlack(app.clock);
      harness = await startSlackHarness(app.deps, app.clock);
      seedGoal(app.deps, { agents: ['a1'] });
      unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
      unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: 'C0CHANNEL1' }));
      const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true } })).gate;
      button = encodeCardAction({ v: 1, gate: gate.id, rev: gate.revision, choice: 'reject' });
      await harness.drain();
    });
    afterEach(async () => {
      await harness.close();
      slack.close();
    });

    it('acks before views.open, and says so through response_url when the form cannot open', async () => {
      slack.failNext('views.open', 'expired_trigger_id');
      const click = await postSlack(harness.url, blockAction('UANA', button), app.clock);
      await harness.settle();
      expect(click.status).toBe(200);
      expect(slack.byMethod('views.open')).toHaveLength(1);
      expect(slack.byMethod('response_url').map((c) => ({ user: c.args.user, text: c.args.text, response_type: c.args.response_type }))).toEqual([
        { user: 'UANA', text: escapeMrkdwn(translator('en').t('slack.reject.failed')), response_type: 'ephemeral' },
      ]);
      expect(findGate(app.deps.store, JSON.parse(button).gate)?.state).toBe('pending');
    });
  });
});
