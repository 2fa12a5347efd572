import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLarkCommandPort } from '../../adapters/lark/index.js';
import { cardToBlockKit, escapeMrkdwn, slackLink } from '../../adapters/slack/render.js';
import { escapeHtml } from '../../adapters/web/html.js';
import { boardCard } from '../../cards/board-card.js';
import { bindGoal } from '../../src/app/bindings.js';
import { addGoal } from '../../src/app/goals.js';
import { askGate } from '../../src/app/gates.js';
import { addPerson, linkPerson } from '../../src/app/people.js';
import { defaultBoardExtras } from '../../src/app/projection/index.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { postSlack, startFakeSlack, startSlackHarness, TEAM, type FakeSlack, type SlackHarness } from '../helpers/slack.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

const CHANNEL = 'C0CHANNEL1';
const SPOOF = '<!channel> Approved by Ana <https://evil.example/approve|Approve here>';

describe('agent-written text cannot become Slack markup', () => {
  it('builds links whose URL and label cannot close the link or add a ping', () => {
    const link = slackLink('https://ci.example.com/x|Approved by Ana> <!channel>', 'open <!here>');
    expect(link).toBe('<https://ci.example.com/x%7CApproved%20by%20Ana&gt;%20&lt;!channel&gt;|open &lt;!here&gt;>');
    expect(escapeMrkdwn('ok \u202Eevil\u2066x\u2069')).toBe('ok evilx');
    expect(escapeHtml('ok \u202Eevil<b>')).toBe('ok evil&lt;b&gt;');
  });

  it('renders a board card whose stored evidence URL and summary carry markup without a ping, a spoofed link or bidi controls', async () => {
    const app = await createTestApp();
    seedGoal(app.deps, { agents: ['a1'] });
    // A row written before URLs were normalised: the renderer must still neutralise it.
    app.deps.store.sqlite
      .prepare("INSERT INTO evidence (id, goal_id, kind, summary, url, created_at) VALUES ('ev_old', 'demo', 'test', ?, ?, ?)")
      .run(`${SPOOF} \u202Edesrever`, 'https://ci.example.com/x|Approved by Ana> <!channel> <https://evil.example/approve|Approve here', app.clock.now().toISOString());
    const view = unwrap(boardView(app.deps.store, 'demo', app.clock.now(), defaultBoardExtras(app.deps.store, 'demo', app.clock.now())));
    const json = JSON.stringify(cardToBlockKit(boardCard(view)).blocks);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<https://evil.example');
    expect(json).not.toContain('\u202E');
  });
});

describe('chat status and gates replies', () => {
  let app: TestApp;
  let slack: FakeSlack;
  let harness: SlackHarness;

  beforeEach(async () => {
    app = await createTestApp();
    slack = startFakeSlack(app.clock);
    harness = await startSlackHarness(app.deps, app.clock);
    seedGoal(app.deps, { agents: ['a1'] });
    unwrap(addGoal(app.deps, operator, { id: 'beta', title: 'Secret beta launch', objective: 'Launch beta', owners: ['ana'] }));
    unwrap(addPerson(app.deps, operator, { id: 'cy', name: 'Cy' }));
    unwrap(linkPerson(app.deps, operator, 'ana', 'slack', `${TEAM}:UANA`));
    unwrap(linkPerson(app.deps, operator, 'cy', 'slack', `${TEAM}:UCY`));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'slack', destination: CHANNEL }));
  });

  afterEach(async () => {
    await harness.close();
    slack.close();
  });

  const command = async (user: string, text: string, channel = CHANNEL, team = TEAM) => {
    const answer = await postSlack(harness.url, { command: '/loopx', text, team_id: team, user_id: user, channel_id: channel, trigger_id: `t-${user}-${text}`, response_url: 'https://hooks.slack.test/commands/1' }, app.clock);
    return JSON.parse(answer.text) as { text: string };
  };

  it('refuses status to an unlinked user of another team, naming no goal', async () => {
    const reply = await command('UEVE', 'status beta', CHANNEL, 'T0OTHER');
    expect(reply.text).toContain('not linked');
    expect(reply.text).not.toContain('Secret beta launch');
    expect((await command('UEVE', 'status', CHANNEL, 'T0OTHER')).text).not.toContain('Demo goal');
  });

  it('shows a linked non-member only the goals bound to the channel', async () => {
    const here = await command('UCY', 'status');
    expect(here.text).toContain('Demo goal');
    expect(here.text).not.toContain('Secret beta launch');
    expect((await command('UCY', 'status beta')).text).toMatch(/no goal `beta` you can see here/);
    expect((await command('UCY', 'status', 'C0ELSEWHER2')).text).toBe('No goals you can see here.');
  });

  it('shows a member their goals in any channel', async () => {
    expect((await command('UANA', 'status', 'C0ELSEWHER2')).text).toContain('Secret beta launch');
  });

  it('escapes agent-written titles and questions in status and gates replies', async () => {
    unwrap(addGoal(app.deps, operator, { id: 'gamma', title: `${SPOOF}`, objective: 'x', owners: ['ana'] }));
    unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: `May I? ${SPOOF}`, blocks: { global: true } }));
    const status = await command('UANA', 'status');
    const gates = await command('UANA', 'gates');
    for (const reply of [status, gates]) {
      expect(reply.text).toContain('&lt;!channel&gt;');
      expect(reply.text).not.toContain('<!channel>');
      expect(reply.text).not.toContain('<https://evil.example');
    }
  });

  it('scopes the Lark status text command the same way', () => {
    unwrap(linkPerson(app.deps, operator, 'cy', 'lark', 'tenant:ou_cy'));
    unwrap(bindGoal(app.deps, operator, { goalId: 'demo', surface: 'lark', destination: 'oc_0123456789abcdef' }));
    const port = createLarkCommandPort(app.deps, []);
    const text = (identity: string, words: string) => port.text({ identity, chatId: 'oc_0123456789abcdef', text: words, messageId: `om_${identity}_${words}` }).text;
    expect(text('tenant:ou_stranger', 'status beta')).toContain('not linked');
    expect(text('tenant:ou_stranger', 'status beta')).not.toContain('Secret beta launch');
    expect(text('tenant:ou_cy', 'status')).toContain('Demo goal');
    expect(text('tenant:ou_cy', 'status')).not.toContain('Secret beta launch');
  });
});
