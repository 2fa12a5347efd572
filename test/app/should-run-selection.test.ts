import { describe, expect, it } from 'vitest';
import { addMember } from '../../src/app/goals.js';
import { addPerson } from '../../src/app/people.js';
import { shouldRun } from '../../src/app/should-run.js';
import type { TodoTable } from '../../src/store/tables.js';
import type { GateTable } from '../../src/store/tables-gates.js';
import { insertGateRow, insertTodoRow } from '../helpers/rows.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

// What should-run selects, through the real use case on a real database: the SQL of src/store/work-on-offer.ts.

const NOW = '2026-01-05T09:00:00.000Z';
const theirLease = { claimed_by: 'a2', lease_expires_at: '2026-01-05T10:00:00.000Z', lease_version: 1, lease_epoch: 1, lease_started_at: '2026-01-05T08:30:00.000Z' };

type TodoSeed = Partial<TodoTable> & { id: string };
type GateSeed = Partial<GateTable> & { id: string };

async function ask(todos: TodoSeed[], gates: GateSeed[] = [], agentId = 'a1') {
  const { deps } = await createTestApp({ start: NOW });
  seedGoal(deps, { agents: ['a1', 'a2'] });
  // bo, named on one gate below, must hold a role on the goal to be waited on (issue 12: named approvers only narrow).
  unwrap(addPerson(deps, operator, { id: 'bo', name: 'Bo' }));
  unwrap(addMember(deps, operator, 'demo', 'bo', 'approver'));
  for (const todo of todos) insertTodoRow(deps.store, todo);
  for (const gate of gates) insertGateRow(deps.store, gate);
  return unwrap(shouldRun(deps, asAgent(agentId), 'demo', 'turn-1'));
}

function summary(packet: Awaited<ReturnType<typeof ask>>) {
  return { mode: packet.mode, selected: packet.selected_todo?.id ?? null, gates: packet.blocking_gates.map((g) => g.id) };
}

describe('should-run selection (SQL)', () => {
  it.each<{ name: string; todos: TodoSeed[]; gates?: GateSeed[]; agent?: string; expected: ReturnType<typeof summary> }>([
    { name: 'the highest priority, then the oldest', todos: [{ id: 't1', priority: 'P2', created_at: '2026-01-05T07:00:00.000Z' }, { id: 't2', priority: 'P1', created_at: '2026-01-05T08:00:00.000Z' }, { id: 't3', priority: 'P1', created_at: '2026-01-05T07:30:00.000Z' }], expected: { mode: 'deliver', selected: 't3', gates: [] } },
    { name: "the agent's own live claim before a higher priority", todos: [{ id: 't1', priority: 'P0' }, { id: 't2', priority: 'P4', ...theirLease, claimed_by: 'a1' }], expected: { mode: 'deliver', selected: 't2', gates: [] } },
    { name: "never a todo under another agent's live lease", todos: [{ id: 't1', ...theirLease }], expected: { mode: 'idle', selected: null, gates: [] } },
    { name: "a todo whose other lease ran out", todos: [{ id: 't1', ...theirLease, lease_expires_at: '2026-01-05T08:59:00.000Z' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
    { name: 'not user actions, blocked or done todos', todos: [{ id: 't1', task_class: 'user_action', role: 'user' }, { id: 't2', status: 'blocked' }, { id: 't3', status: 'done' }], expected: { mode: 'replan', selected: null, gates: [] } },
    { name: 'a due monitor first', todos: [{ id: 't1', priority: 'P0' }, { id: 'm1', task_class: 'monitor', priority: 'P4' }], expected: { mode: 'monitor_due', selected: 'm1', gates: [] } },
    { name: 'a monitor deferred to later waits', todos: [{ id: 'm1', task_class: 'monitor', status: 'deferred', resume_when: '2026-01-05T10:00:00.000Z' }], expected: { mode: 'idle', selected: null, gates: [] } },
    { name: 'a deferred todo whose time came', todos: [{ id: 't1', status: 'deferred', resume_when: '2026-01-05T08:00:00.000Z' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
    { name: 'a deferred todo whose todo is done', todos: [{ id: 't9', status: 'done' }, { id: 't1', status: 'deferred', resume_when: 'todo_done:t9' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
    { name: 'a deferred todo whose todo is not done', todos: [{ id: 't9' , status: 'blocked' }, { id: 't1', status: 'deferred', resume_when: 'todo_done:t9' }], expected: { mode: 'idle', selected: null, gates: [] } },
    { name: 'a deferred todo whose gate is approved', todos: [{ id: 't1', status: 'deferred', resume_when: 'gate:g9' }], gates: [{ id: 'g9', state: 'approved' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
    { name: 'a deferred todo whose gate still waits', todos: [{ id: 't1', status: 'deferred', resume_when: 'gate:g9' }], gates: [{ id: 'g9' }], expected: { mode: 'idle', selected: null, gates: [] } },
    { name: 'a gate on the only todo', todos: [{ id: 't1' }], gates: [{ id: 'g1', blocks_todo_ids: '["t1"]' }], expected: { mode: 'gate_wait', selected: null, gates: ['g1'] } },
    { name: 'the independent todo while a gate holds another', todos: [{ id: 't1', priority: 'P0' }, { id: 't2', priority: 'P3' }], gates: [{ id: 'g1', blocks_todo_ids: '["t1"]' }], expected: { mode: 'scoped_fallback', selected: 't2', gates: ['g1'] } },
    { name: 'a gate on agent a2 does not stop a1', todos: [{ id: 't1' }], gates: [{ id: 'g1', blocks_agent: 'a2' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
    { name: 'a gate on agent a1 stops a1', todos: [{ id: 't1' }], gates: [{ id: 'g1', blocks_agent: 'a1' }], expected: { mode: 'gate_wait', selected: null, gates: ['g1'] } },
    { name: 'a global gate stops everyone, even with no todos left', todos: [], gates: [{ id: 'g1', blocks_global: 1 }], agent: 'a2', expected: { mode: 'gate_wait', selected: null, gates: ['g1'] } },
    { name: 'a gate listing only a done todo holds nothing', todos: [{ id: 't1', status: 'done' }, { id: 't2' }], gates: [{ id: 'g1', blocks_todo_ids: '["t1"]' }], expected: { mode: 'deliver', selected: 't2', gates: [] } },
    { name: 'decided gates hold nothing', todos: [{ id: 't1' }], gates: [{ id: 'g1', blocks_global: 1, state: 'approved' }, { id: 'g2', blocks_agent: 'a1', state: 'rejected' }], expected: { mode: 'deliver', selected: 't1', gates: [] } },
  ])('$name', async ({ todos, gates, agent, expected }) => {
    expect(summary(await ask(todos, gates, agent))).toEqual(expected);
  });

  it('a snoozed gate holds work back without notifying', async () => {
    const packet = await ask([{ id: 't1' }], [{ id: 'g1', blocks_todo_ids: '["t1"]', state: 'deferred' }]);
    expect(packet).toMatchObject({ mode: 'gate_wait', work: false, notify: false });
  });

  it('lists the oldest five blocking gates, counts them all and asks everyone they wait on', async () => {
    const gates = Array.from({ length: 7 }, (_, i) => ({ id: `g${i}`, blocks_agent: 'a1', created_at: `2026-01-05T08:0${i}:00.000Z`, approvers: i === 6 ? '["bo"]' : null }));
    const packet = await ask([{ id: 't1' }], gates);
    expect(packet.blocking_gates.map((g) => g.id)).toEqual(['g0', 'g1', 'g2', 'g3', 'g4']);
    expect(packet).toMatchObject({ mode: 'gate_wait', notify: true, blocking_gates_total: 7 });
    expect(packet.reason).toContain('7 gate(s) for ana, bo');
  });

  it('counts every held todo in a fallback', async () => {
    const packet = await ask([{ id: 't1', priority: 'P0' }, { id: 't2', priority: 'P0' }, { id: 't3' }], [{ id: 'g1', blocks_todo_ids: '["t1","t2"]' }]);
    expect(packet.mode).toBe('scoped_fallback');
    expect(packet.reason).toMatch(/^2 todo\(s\) wait on ana/);
  });
});
