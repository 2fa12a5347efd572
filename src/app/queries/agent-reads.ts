import type { Evidence } from '../../kernel/entities.js';
import { fail, type KernelError } from '../../kernel/errors.js';
import type { Gate, GateState } from '../../kernel/gate.js';
import type { Lane } from '../../kernel/lanes.js';
import { ok, type Result } from '../../kernel/result.js';
import type { Todo } from '../../kernel/todo.js';
import type { Store } from '../../store/db.js';
import { findEvidence, listEvidence } from '../../store/evidence.js';
import { selectGates } from '../../store/gates.js';
import { findLanedTodo } from '../../store/todo-lanes.js';
import { selectTurn } from '../../store/turns.js';
import { requireGoalAccess, type Actor } from '../actor.js';
import { requireGoal } from '../lookup.js';

// What an agent may read besides status and should-run: one todo, the evidence of its goals, the gates it asked.
// Every read checks the agent's access to the goal (a todo or evidence of another goal is a 403, like a write).

/** The most evidence one list answers. */
export const EVIDENCE_LIST_MAX = 200;

/** One todo with its lane, if the reader may see its goal. */
export function readTodo(store: Store, actor: Actor, todoId: string, now: Date): Result<{ todo: Todo; lane: Lane | null }, KernelError> {
  const found = findLanedTodo(store, todoId, now);
  if (!found) return fail('not_found', `No todo "${todoId}". List todos with GET /v1/goals/{goal}/todos.`, { todo_id: todoId });
  const access = requireGoalAccess(store, actor, found.todo.goalId);
  return access.ok ? ok(found) : access;
}

/** A goal's evidence, newest first (optionally about one todo), at most `limit`. */
export function readEvidenceList(store: Store, actor: Actor, goalId: string, options: { limit: number; todoId?: string | undefined }): Result<Evidence[], KernelError> {
  const goal = requireGoal(store, goalId);
  if (!goal.ok) return goal;
  const access = requireGoalAccess(store, actor, goalId);
  return access.ok ? ok(listEvidence(store, goalId, Math.min(options.limit, EVIDENCE_LIST_MAX), options.todoId)) : access;
}

/** One piece of evidence, if the reader may see its goal. */
export function readEvidence(store: Store, actor: Actor, evidenceId: string): Result<Evidence, KernelError> {
  const evidence = findEvidence(store, evidenceId);
  if (!evidence) return fail('not_found', `No evidence "${evidenceId}".`, { evidence_id: evidenceId });
  const access = requireGoalAccess(store, actor, evidence.goalId);
  return access.ok ? ok(evidence) : access;
}

/** The gates an agent asked, oldest first, optionally in some states. */
export function gatesAskedBy(store: Store, agentId: string, states?: readonly GateState[]): Gate[] {
  return selectGates(store, { requestedBy: `agent:${agentId}`, states });
}

/** The should-run packet an agent was answered for one of its turns (a retry of should-run answers the same). */
export function recordedPacket(store: Store, actor: Actor, goalId: string, turnId: string): Result<unknown, KernelError> {
  const access = requireGoalAccess(store, actor, goalId);
  if (!access.ok) return access;
  const turn = actor.kind === 'agent' ? selectTurn(store, goalId, actor.id, turnId) : undefined;
  return turn ? ok(JSON.parse(turn.packet) as unknown) : fail('not_found', `No should-run was asked for turn "${turnId}" on goal ${goalId}; call the should_run tool first.`, { turn_id: turnId });
}
