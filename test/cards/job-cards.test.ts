import { describe, expect, it } from 'vitest';
import { boardCard } from '../../cards/board-card.js';
import { digestCard, type DigestView } from '../../cards/digest-card.js';
import { heartbeatCard, heartbeatHasNews, type HeartbeatView } from '../../cards/heartbeat-card.js';
import { cardToText } from '../../cards/text.js';
import { BOARD } from './views.fixture.js';

const DIGEST: DigestView = {
  goalId: 'demo',
  goalTitle: 'Ship the demo',
  timezone: 'America/New_York',
  day: '2026-03-08',
  at: '2026-03-08T13:00:00.000Z',
  since: '2026-03-07T14:00:00.000Z',
  late: false,
  needsYou: [
    { gateId: 'gate_2', revision: 1, question: 'May I email the beta list?', askedAt: '2026-03-08T10:00:00.000Z', waitingOn: [{ id: 'bo', name: 'Bo' }] },
    { gateId: 'gate_1', revision: 3, question: 'May I publish the post?', askedAt: '2026-03-05T13:00:00.000Z', waitingOn: [{ id: 'ana', name: 'Ana' }, { id: 'bo', name: 'Bo' }] },
  ],
  userActions: [],
  blocked: [{ todoId: 'todo_4', text: 'Deploy to staging', reason: 'staging is down' }],
  done: [{ todoId: 'todo_1', text: 'Draft the changelog', completedAt: '2026-03-07T20:00:00.000Z' }],
  staleAgents: [{ agentId: 'a1', lastSeenAt: '2026-03-08T07:00:00.000Z' }],
  expiredLeases: [{ todoId: 'todo_3', text: 'Benchmark the parser', agentId: 'a1' }],
  progress: { accountable: 2, surfaceOnly: 5, tokensIn: 120_000, tokensOut: 30_000, costUsd: 1.5, quota: { spent: 3, allowed: 48, windowHours: 24 } },
};

const HEARTBEAT: HeartbeatView = {
  goalId: 'demo',
  goalTitle: 'Ship the demo',
  timezone: 'Asia/Shanghai',
  period: '2026-01-05T18:00',
  at: '2026-01-05T10:00:00.000Z',
  since: '2026-01-05T09:00:00.000Z',
  late: false,
  expiredLeases: [{ todoId: 'todo_3', text: 'Benchmark the parser', agentId: 'a1' }],
  staleAgents: [{ agentId: 'a1', lastSeenAt: '2026-01-05T07:00:00.000Z' }],
  recoveredAgents: [],
  resumedTodos: [{ todoId: 'todo_5', text: 'Announce the fix' }],
  expiredGates: [],
  reminders: [{ gateId: 'gate_1', question: 'May I publish the post?', step: 'approvers', people: [{ id: 'ana', name: 'Ana', slackUser: 'UANA' }, { id: 'bo', name: 'Bo' }] }],
  activity: { todosDone: 1, todosAdded: 0, evidence: 3, gateDecisions: 0 },
};

describe('digest card', () => {
  it('matches the golden rendering and its text form', async () => {
    await expect(JSON.stringify(digestCard(DIGEST), null, 2)).toMatchFileSnapshot('../fixtures/cards/digest.golden.json');
    await expect(cardToText(digestCard(DIGEST))).toMatchFileSnapshot('../fixtures/cards/digest.golden.txt');
  });

  it('lists gates oldest first, each with approve and reject buttons on its current revision, and states the timezone', () => {
    const card = digestCard(DIGEST);
    const questions = card.blocks.filter((b) => b.type === 'text' && b.tone === 'warning').map((b) => (b.type === 'text' ? b.text : ''));
    expect(questions).toEqual(['May I publish the post? (waiting 3 days on Ana and Bo)', 'May I email the beta list? (waiting 3 hours on Bo)']);
    const actions = card.blocks.filter((b) => b.type === 'actions').map((b) => (b.type === 'actions' ? b.buttons.map((x) => `${x.action.gate}@${x.action.rev}:${x.action.choice}`) : []));
    expect(actions).toEqual([['gate_1@3:approve', 'gate_1@3:reject'], ['gate_2@1:approve', 'gate_2@1:reject']]);
    expect(cardToText(card)).toContain('Times are in America/New_York.');
    expect(cardToText(card)).toContain('waiting 3 days on Ana and Bo');
    expect(cardToText(card)).toContain('2 reports of real progress, 5 surface-only updates');
  });

  it('a high-risk gate in the digest asks for confirmation before its approval, like every card', () => {
    const card = digestCard({ ...DIGEST, needsYou: [{ ...DIGEST.needsYou[0]!, risk: 'high' }] });
    const buttons = card.blocks.flatMap((b) => (b.type === 'actions' ? b.buttons : []));
    expect(buttons.find((b) => b.action.choice === 'approve')?.confirm?.title).toBe('Approve a high-risk request?');
    expect(buttons.find((b) => b.action.choice === 'reject')?.confirm).toBeUndefined();
  });

  it('degrades to the top five per section with "and N more" pointing at loopx status', () => {
    const gates = Array.from({ length: 17 }, (_, i) => ({ ...DIGEST.needsYou[0]!, gateId: `gate_${i}`, askedAt: `2026-03-0${1 + (i % 7)}T10:00:00.000Z` }));
    const card = digestCard({ ...DIGEST, needsYou: gates });
    expect(card.blocks.filter((b) => b.type === 'actions')).toHaveLength(5);
    expect(card.blocks).toContainEqual({ type: 'context', text: 'and 12 more: run `loopx status demo` for the full list.' });
    expect(card.fallbackText).toContain('17 gates need you');
  });

  it('says plainly when nothing needs a person, and marks a late digest', () => {
    const text = cardToText(digestCard({ ...DIGEST, needsYou: [], late: true }));
    expect(text).toContain('Needs you: nothing.');
    expect(text).toContain('This digest is late');
  });
});

describe('heartbeat card', () => {
  it('matches the golden rendering', async () => {
    await expect(JSON.stringify(heartbeatCard(HEARTBEAT), null, 2)).toMatchFileSnapshot('../fixtures/cards/heartbeat.golden.json');
  });

  it('has news only when the heartbeat did something or the ledger moved', () => {
    const empty = { ...HEARTBEAT, expiredLeases: [], staleAgents: [], resumedTodos: [], reminders: [], activity: { todosDone: 0, todosAdded: 0, evidence: 0, gateDecisions: 0 } };
    expect(heartbeatHasNews(empty)).toBe(false);
    expect(heartbeatHasNews({ ...empty, recoveredAgents: ['a1'] })).toBe(true);
    expect(heartbeatHasNews({ ...empty, activity: { ...empty.activity, evidence: 1 } })).toBe(true);
  });

  it('says since when, in the goal timezone, and names stale agents', () => {
    const text = cardToText(heartbeatCard(HEARTBEAT));
    expect(text).toContain('since 2026-01-05 17:00 (Asia/Shanghai)');
    expect(text).toContain('Agent a1 looks stale (last seen 3 hours ago)');
    expect(text).toContain('Reminder sent: May I publish the post? (asked approvers: Ana and Bo)');
  });
});

describe('board card and stale flags', () => {
  it('names the agents the heartbeat flagged, with when each was last seen in the goal timezone', () => {
    const card = boardCard({ ...BOARD, staleAgents: [{ agentId: 'a1', lastSeenAt: '2026-01-05T01:00:00.000Z' }, { agentId: 'a2', lastSeenAt: null }] });
    expect(card.blocks).toContainEqual({ type: 'text', text: 'Stale agents, flagged by the heartbeat: a1 (last seen 2026-01-05 09:00 (Asia/Shanghai)), a2 (never reported).', tone: 'warning' });
    expect(JSON.stringify(boardCard(BOARD))).not.toContain('Stale agents');
  });
});

describe('user actions in the digest (issue 12 #10)', () => {
  it('lists each open user action under Needs you with a Done button, and counts it in the headline', () => {
    const action = { id: 'todo_9', text: 'Sign the contract', waitingOn: ['Ana', 'Bo'], createdAt: '2026-03-06T10:00:00.000Z' };
    const card = digestCard({ ...DIGEST, needsYou: [], userActions: [action] });
    const text = cardToText(card);
    expect(text).toContain('Needs you (1), oldest first:');
    expect(text).toContain('To do: Sign the contract');
    expect(text).toContain('Done: loopx todo done todo_9 --as <you>');
    expect(card.fallbackText).toContain('1 to-do needs a person');
  });
});
