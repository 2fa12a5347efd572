import type { Gate } from '../../kernel/gate.js';
import { transitionGate } from '../../store/gates.js';
import { findTodo, updateTodo } from '../../store/todos.js';
import type { WriteContext } from '../write.js';

/** A rejected or denied gate leaves the todos it named durably blocked, with the reason, so nobody runs them. */
export function blockListedTodos(ctx: WriteContext, gate: Gate, reason: string): void {
  if (gate.blocks.todoIds.length === 0) return;
  for (const todoId of gate.blocks.todoIds) {
    const todo = findTodo(ctx.store, todoId);
    if (!todo || todo.goalId !== gate.goalId || (todo.status !== 'open' && todo.status !== 'deferred')) continue;
    updateTodo(ctx.store, todo.id, { status: 'blocked', blocked_reason: reason.slice(0, 1000) }, null, ctx.at);
    ctx.event({ goalId: gate.goalId, type: 'todo.blocked', payload: { todo_id: todo.id, reason, gate_id: gate.id } });
  }
}

/**
 * Applies a gate's `on_expire` now: `deny` ends it as `expired` (its listed todos blocked; never a rejection),
 * `cancel` as `cancelled`. The sweep, the expiry timer and a late decision all end a gate through here. False
 * when another writer changed the gate first.
 */
export function expireGate(ctx: WriteContext, gate: Gate, state: 'expired' | 'cancelled'): boolean {
  const reason = state === 'expired' ? 'Expired undecided (on_expire: deny); this is not a rejection.' : 'Expired undecided (on_expire: cancel).';
  const settled = { state, decision_outcome: state, decided_by: 'system', decided_via: 'system', decision_reason: reason, decided_at: ctx.at, decided_revision: gate.revision };
  if (!transitionGate(ctx.store, gate.id, gate, settled, false, ctx.at)) return false;
  ctx.event({ goalId: gate.goalId, type: 'gate.decided', payload: { gate_id: gate.id, outcome: state, by: 'system', via: 'system', reason, revision: gate.revision } });
  if (state === 'expired') blockListedTodos(ctx, gate, `Gate ${gate.id} expired undecided; ask again or replan.`);
  return true;
}
