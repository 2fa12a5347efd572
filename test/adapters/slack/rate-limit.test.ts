import { afterEach, describe, expect, it } from 'vitest';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { boardCard } from '../../../cards/board-card.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { addGoal } from '../../../src/app/goals.js';
import { defaultBoardExtras } from '../../../src/app/projection/index.js';
import { boardView } from '../../../src/app/queries/board-view.js';
import { addTodo } from '../../../src/app/todos.js';
import { startFakeSlack, startSlackHarness, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { createTestApp, operator, seedGoal, unwrap } from '../../helpers/test-app.js';

const GOALS = ['g1', 'g2', 'g3', 'g4'];
const channelOf = (goal: string) => `C0CHAN${goal.toUpperCase()}`;

describe('Slack rate limits during a burst', () => {
  let slack: FakeSlack | undefined;
  let harness: SlackHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    slack?.close();
  });

  it('200 updates under 429 + Retry-After: every card ends at its final state, no call before Retry-After, far fewer updates', async () => {
    const app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: [] });
    for (const goal of GOALS) {
      unwrap(addGoal(app.deps, operator, { id: goal, title: `Goal ${goal}`, objective: 'Burst', owners: ['ana'], timezone: 'UTC' }));
      unwrap(bindGoal(app.deps, operator, { goalId: goal, surface: 'slack', destination: channelOf(goal), purposes: ['board'] }));
    }
    await harness.drain();
    expect(slack.byMethod('chat.postMessage')).toHaveLength(GOALS.length);

    slack.rateLimitNext(3, 7);
    for (let change = 0; change < 200; change += 1) {
      unwrap(addTodo(app.deps, operator, GOALS[change % GOALS.length]!, { text: `change ${change}` }));
      app.clock.advance(50);
      await harness.settle();
    }
    await harness.drain();

    const limited = slack.calls.filter((c) => c.retryAfter !== undefined);
    expect(limited.length).toBe(3);
    for (const refusal of limited) {
      const tooEarly = slack.calls.filter((c) => c.method.startsWith('chat.') && c.at > refusal.at && c.at < refusal.at + refusal.retryAfter! * 1000);
      expect(tooEarly).toEqual([]);
    }
    const updates = slack.byMethod('chat.update').filter((c) => c.retryAfter === undefined);
    expect(updates.length).toBeLessThan(200 / 4);
    for (const goal of GOALS) {
      const fresh = cardToBlockKit(boardCard(unwrap(boardView(app.deps.store, goal, app.clock.now(), defaultBoardExtras(app.deps.store, goal, app.clock.now())))));
      const shown = [...slack.messages.entries()].find(([key]) => key.startsWith(`${channelOf(goal)}/`))?.[1];
      expect(shown).toEqual(fresh.blocks);
      expect(JSON.stringify(shown)).toContain('Todo · 50');
    }
  });
});
