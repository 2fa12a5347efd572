import { fail, type KernelError } from '../kernel/errors.js';
import type { Goal } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import type { Todo } from '../kernel/todo.js';
import type { Agent, Person } from '../kernel/entities.js';
import { parseResumeWhen } from '../kernel/resume-when.js';
import { findAgent } from '../store/agents.js';
import type { Store } from '../store/db.js';
import { findGoal } from '../store/goals.js';
import { findPerson } from '../store/people.js';
import { selectGate } from '../store/gates.js';
import { findTodo } from '../store/todos.js';
import { requireGoalAccess, type Actor } from './actor.js';
import { must } from './write.js';

/** Loads a goal or fails with not_found. */
export function requireGoal(store: Store, id: string): Result<Goal, KernelError> {
  const goal = findGoal(store, id);
  return goal ? ok(goal) : fail('not_found', `No goal "${id}". List goals with \`loopx goal list\`.`, { goal_id: id });
}

/** Loads a todo or fails with not_found. */
export function requireTodo(store: Store, id: string): Result<Todo, KernelError> {
  const todo = findTodo(store, id);
  return todo ? ok(todo) : fail('not_found', `No todo "${id}". List todos with \`loopx todo list <goal>\`.`, { todo_id: id });
}

/** Loads a person or fails with not_found. */
export function requirePerson(store: Store, id: string): Result<Person, KernelError> {
  const person = findPerson(store, id);
  return person ? ok(person) : fail('not_found', `No person "${id}". Add them with \`loopx person add ${id} --name <name>\`.`, { person_id: id });
}

/** Loads an agent or fails with not_found. */
export function requireAgent(store: Store, id: string): Result<Agent, KernelError> {
  const agent = findAgent(store, id);
  return agent ? ok(agent) : fail('not_found', `No agent "${id}". Add it with \`loopx agent add ${id} --goal <goal>\`.`, { agent_id: id });
}

/** Loads a todo and checks the actor may touch its goal. */
export function loadTodoFor(store: Store, actor: Actor, todoId: string): Todo {
  const todo = must(requireTodo(store, todoId));
  must(requireGoalAccess(store, actor, todo.goalId));
  return todo;
}

function notOnGoal(field: string, what: string, id: string, goalId: string, elsewhere: string | undefined) {
  const where = elsewhere === undefined ? `there is no ${what} "${id}"` : `${what} ${id} belongs to goal ${elsewhere}, not ${goalId}`;
  return fail('invalid_request', `${field}: ${where}; name a ${what} of goal ${goalId}.`, { field, id });
}

/** Fails with 422 naming `field` unless the todo id given in a request is a todo of the goal. */
export function requireTodoOnGoal(store: Store, todoId: string, goalId: string, field = 'todo_id'): Result<Todo, KernelError> {
  const todo = findTodo(store, todoId);
  return todo?.goalId === goalId ? ok(todo) : notOnGoal(field, 'todo', todoId, goalId, todo?.goalId);
}

/** Fails with 422 naming `field` unless the gate id given in a request is a gate of the goal. */
export function requireGateOnGoal(store: Store, gateId: string, goalId: string, field = 'gate_id'): Result<true, KernelError> {
  const gate = selectGate(store, gateId);
  return gate?.goalId === goalId ? ok(true) : notOnGoal(field, 'gate', gateId, goalId, gate?.goalId);
}

/** Fails with 422 unless a `resume_when` that names a todo or a gate names one of the goal's. */
export function requireResumeWhenOnGoal(store: Store, resumeWhen: string | undefined, goalId: string): Result<true, KernelError> {
  const condition = parseResumeWhen(resumeWhen ?? null);
  if (condition?.kind === 'todo_done') {
    const found = requireTodoOnGoal(store, condition.todoId, goalId, 'resume_when');
    return found.ok ? ok(true) : found;
  }
  return condition?.kind === 'gate' ? requireGateOnGoal(store, condition.gateId, goalId, 'resume_when') : ok(true);
}
