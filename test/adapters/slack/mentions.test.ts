import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { bindGoal } from '../../../src/app/bindings.js';
import { addMember } from '../../../src/app/goals.js';
import { askGate } from '../../../src/app/gates.js';
import { manualSlot, runHeartbeat } from '../../../src/app/heartbeat.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { recordingJobs } from '../../jobs/job-fixture.js';
import { startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../../helpers/test-app.js';

const CHANNEL = 'C0CHANNEL1';

describe('Slack cards @mention the people a gate waits on', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;

  beforeEach(async () => {
    app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    for (const [id, name] of [['li', 'Li'], ['bo', 'Bo'], ['cy', 'Cy']] as const) {
      unwrap(addPerson(app.deps, operator, { id, name }));
      unwrap(addMember(app.deps, operator, 'demo', id, 'approver'));
    }
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
    unwrap(linkPerson(app.deps, operator, 'li', 'slack', `${TEAM}:ULI`));
    unwrap(linkPerson(app.deps, operator, 'bo', 'slack', `${TEAM}:UBO`));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL }));
  });

  afterEach(async () => {
    await harness.close();
    slack.close();
  });

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
    const { jobs, posts } = recordingJobs(app);
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { global: true }, approvers: ['li', 'bo'], expiresInSeconds: 3600 }));
    app.clock.advance(3_600_000);
    unwrap(runHeartbeat(jobs, 'demo', manualSlot(app.clock.now())));
    const reminder = cardToBlockKit(posts.find((p) => p.card.kind === 'heartbeat')!.card);
    expect(JSON.stringify(reminder.blocks)).toContain('*Reminder about \\"May I publish the post?\\":* <@ULI> <@UBO>');
    expect(reminder.text).toContain('<@ULI> <@UBO>');
  });
});
