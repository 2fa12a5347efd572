import type { DigestView } from '../../cards/digest-card.js';
import type { BoardView, GateView } from '../../cards/views.js';

/** A board with every section filled: the golden rendering's input. */
export const BOARD: BoardView = {
  goal: { id: 'demo', title: 'Ship the launch post', status: 'active', objective: 'Publish the launch post with benchmarks.', timezone: 'Asia/Shanghai' },
  lanes: [
    { lane: 'todo', count: 4, top: [{ text: 'Draft the changelog', meta: 'P1' }, { text: 'Collect screenshots', meta: 'P2' }] },
    { lane: 'claimed', count: 0, top: [] },
    { lane: 'running', count: 1, top: [{ text: 'Run the benchmark', meta: 'P1 · a1' }] },
    { lane: 'review', count: 0, top: [] },
    { lane: 'blocked', count: 1, top: [{ text: 'Publish the post', meta: 'P0' }] },
    { lane: 'user_gate', count: 1, top: [] },
    { lane: 'done', count: 2, top: [{ text: 'Outline', meta: 'P2' }] },
  ],
  needsYou: [{ id: 'gate_1', question: 'May I publish the post?', revision: 2, risk: 'high', askedBy: 'a1', createdAt: '2026-01-05T06:00:00.000Z' }],
  needsYouTotal: 1,
  userActions: [],
  userActionsTotal: 0,
  latestEvidence: { kind: 'benchmark', summary: 'p99 down 12%', url: 'https://ci.example.com/run/9', by: 'a1', at: '2026-01-05T06:02:00.000Z' },
  quota: { spent: 3, allowed: 48, windowHours: 24 },
  lastActivity: { agentId: 'a1', at: '2026-01-05T06:02:00.000Z' },
  staleSince: null,
  staleAgents: [],
  updatedAt: '2026-01-05T06:02:00.000Z',
  boardUrl: null,
};

/** A pending gate. */
export const GATE: GateView = {
  id: 'gate_1',
  goalId: 'demo',
  goalTitle: 'Ship the launch post',
  question: 'May I publish the post?',
  context: 'The draft passed review; benchmarks are attached.',
  risk: 'high',
  askedBy: 'a1',
  blocks: { kind: 'todos', todos: ['Publish the post'] },
  expiresAt: '2026-01-06T06:00:00.000Z',
  revision: 2,
  state: 'pending',
  decision: null,
  timezone: 'Asia/Shanghai',
  choices: ['approve', 'reject', 'defer'],
};

/** A digest with every section filled: the golden rendering's input. */
export const DIGEST: DigestView = {
  goalId: 'demo',
  goalTitle: 'Ship the demo',
  timezone: 'America/New_York',
  day: '2026-03-08',
  at: '2026-03-08T13:00:00.000Z',
  since: '2026-03-07T14:00:00.000Z',
  late: false,
  needsYou: [
    { gateId: 'gate_2', revision: 1, question: 'May I email the beta list?', risk: 'normal', askedAt: '2026-03-08T10:00:00.000Z', waitingOn: [{ id: 'bo', name: 'Bo' }] },
    { gateId: 'gate_1', revision: 3, question: 'May I publish the post?', risk: 'normal', askedAt: '2026-03-05T13:00:00.000Z', waitingOn: [{ id: 'ana', name: 'Ana' }, { id: 'bo', name: 'Bo' }] },
  ],
  userActions: [],
  blocked: [{ todoId: 'todo_4', text: 'Deploy to staging', reason: 'staging is down' }],
  done: [{ todoId: 'todo_1', text: 'Draft the changelog', completedAt: '2026-03-07T20:00:00.000Z' }],
  staleAgents: [{ agentId: 'a1', lastSeenAt: '2026-03-08T07:00:00.000Z' }],
  expiredLeases: [{ todoId: 'todo_3', text: 'Benchmark the parser', agentId: 'a1' }],
  progress: { accountable: 2, surfaceOnly: 5, tokensIn: 120_000, tokensOut: 30_000, costUsd: 1.5, quota: { spent: 3, allowed: 48, windowHours: 24 } },
};
