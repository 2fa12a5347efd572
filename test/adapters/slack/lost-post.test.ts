import { afterEach, describe, expect, it } from 'vitest';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { boardCard, boardCardKey } from '../../../cards/board-card.js';
import type { Card } from '../../../cards/model.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { CARD_PRIORITY, defaultBoardExtras, enqueueCard } from '../../../src/app/projection/index.js';
import { boardView } from '../../../src/app/queries/board-view.js';
import { findProjection } from '../../../src/store/outbox.js';
import { startFakeSlack, startSlackHarness, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHANNEL = 'C0LOSTPOST';
const heartbeat: Card = { key: 'heartbeat:demo:1', kind: 'heartbeat', fallbackText: 'Heartbeat', blocks: [{ type: 'header', text: 'Heartbeat' }] };

// A crash (or a timeout) after Slack accepted chat.postMessage but before LoopX recorded the ts: Slack has no
// idempotency key, so the sender must find the message by the card metadata instead of posting it again.
describe('Slack: a post whose answer was lost', () => {
  let slack: FakeSlack | undefined;
  let harness: SlackHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    slack?.close();
  });

  async function boundGoal(): Promise<TestApp> {
    const app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: [] });
    return app;
  }
  const bind = (app: TestApp) => unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL, purposes: ['board'] }));
  /** Binds the goal while the board card's first post is lost, and sends until the outbox is empty. */
  async function bindLosingFirstPost(when: 'after-accept' | 'before-accept'): Promise<TestApp> {
    const app = await boundGoal();
    slack!.losePostNext(when);
    bind(app);
    await harness!.drain();
    return app;
  }

  it('is found in the channel history by its metadata and updated in place: the card shows once', async () => {
    const app = await bindLosingFirstPost('after-accept');
    expect(slack!.byMethod('chat.postMessage')).toHaveLength(1);
    const lookups = slack!.byMethod('conversations.history');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.args).toMatchObject({ channel: CHANNEL, include_all_metadata: 'true' });
    expect([...slack!.messages.keys()]).toEqual([`${CHANNEL}/1001.000100`]);
    expect(findProjection(app.deps.store, 'slack', CHANNEL, boardCardKey('demo'))?.message_id).toBe('1001.000100');
    const fresh = cardToBlockKit(boardCard(unwrap(boardView(app.deps.store, 'demo', app.clock.now(), defaultBoardExtras(app.deps.store, 'demo', app.clock.now())))));
    expect(slack!.messages.get(`${CHANNEL}/1001.000100`)).toEqual(fresh.blocks);
  });

  it('is posted again after the look-up finds nothing when the post never reached Slack', async () => {
    const app = await bindLosingFirstPost('before-accept');
    expect(slack!.byMethod('chat.postMessage')).toHaveLength(2);
    expect(slack!.byMethod('conversations.history')).toHaveLength(1);
    expect([...slack!.messages.keys()]).toEqual([`${CHANNEL}/1001.000100`]);
    expect(findProjection(app.deps.store, 'slack', CHANNEL, boardCardKey('demo'))?.message_id).toBe('1001.000100');
  });

  it('is found among the replies of its thread when it was a reply (heartbeats under the board card)', async () => {
    const app = await boundGoal();
    bind(app);
    await harness!.drain();
    const board = findProjection(app.deps.store, 'slack', CHANNEL, boardCardKey('demo'))!.message_id;

    slack!.losePostNext('after-accept');
    enqueueCard(app.deps.store, { surface: 'slack', destination: CHANNEL, card: heartbeat, priority: CARD_PRIORITY.progress, threadOf: boardCardKey('demo') }, app.clock.now());
    await harness!.drain();

    expect(slack!.byMethod('chat.postMessage')).toHaveLength(2);
    expect(slack!.byMethod('conversations.replies').map((c) => c.args.ts)).toEqual([board]);
    expect(findProjection(app.deps.store, 'slack', CHANNEL, heartbeat.key)?.message_id).toBe('1002.000100');
    expect(slack!.messages.size).toBe(2);
  });
});
