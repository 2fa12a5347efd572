import { describe, expect, it } from 'vitest';
import { addMember } from '../../src/app/goals.js';
import { addPerson } from '../../src/app/people.js';
import { boardCard } from '../../cards/board-card.js';
import { cardToText } from '../../cards/text.js';
import { defaultBoardExtras } from '../../src/app/projection/index.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { goalStatus, STATUS_GATE_LIMIT } from '../../src/app/queries/goal-status.js';
import { insertGateRow, insertTodoRow } from '../helpers/rows.js';
import { createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

// A status, a board card and a goal page stay the same size however large the goal grows: they list the first
// few todos of each lane and the oldest pending gates, and count the rest.

async function bigGoal(todos: number, gates: number) {
  const app = await createTestApp({ start: '2026-01-05T09:00:00.000Z' });
  seedGoal(app.deps);
  // bo, named on one gate below, must hold a role on the goal to be waited on (issue 12: named approvers only narrow).
  unwrap(addPerson(app.deps, operator, { id: 'bo', name: 'Bo' }));
  unwrap(addMember(app.deps, operator, 'demo', 'bo', 'approver'));
  for (let i = 0; i < todos; i += 1) insertTodoRow(app.deps.store, { id: `t${String(i).padStart(3, '0')}`, status: i % 3 === 0 ? 'done' : 'open', completed_at: i % 3 === 0 ? `2026-01-05T08:${String(i % 60).padStart(2, '0')}:00.000Z` : null });
  for (let i = 0; i < gates; i += 1) insertGateRow(app.deps.store, { id: `g${String(i).padStart(3, '0')}`, created_at: `2026-01-05T07:${String(i % 60).padStart(2, '0')}:00.000Z`, approvers: i === gates - 1 ? '["bo"]' : null });
  return app;
}

describe('bounded status', () => {
  it('counts every todo and gate but lists only the first todos per lane and the oldest gates', async () => {
    const { deps, clock } = await bigGoal(90, 40);
    const status = unwrap(goalStatus(deps.store, 'demo', clock.now(), 4));
    expect(status.todoLanes).toMatchObject({ todo: 60, done: 30 });
    expect(status.lanes.user_gate).toBe(40);
    expect(status.todos.map((t) => `${t.lane}:${t.todo.id}`)).toEqual(['todo:t001', 'todo:t002', 'todo:t004', 'todo:t005', 'done:t057', 'done:t054', 'done:t051', 'done:t048']);
    expect(status.openGates).toHaveLength(STATUS_GATE_LIMIT);
    expect(status.openGates[0]?.gate.id).toBe('g000');
    expect(status.openGatesTotal).toBe(40);
    expect(status.next).toBe('ana, bo: 40 gate(s) wait for a decision.');
  });

  it('gives the board card five gates with buttons and the count of all of them', async () => {
    const { deps, clock } = await bigGoal(10, 12);
    const extras = defaultBoardExtras(deps.store, 'demo', clock.now());
    expect(extras.needsYou).toHaveLength(5);
    const text = cardToText(boardCard(unwrap(boardView(deps.store, 'demo', clock.now(), extras))));
    expect(text).toContain('Needs you (12)');
    expect(text).toContain('and 7 more pending gates');
  });
});
