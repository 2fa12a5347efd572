import { fail, type KernelError } from '../kernel/errors.js';
import type { Goal } from '../kernel/goal.js';
import { ok, type Result } from '../kernel/result.js';
import type { Todo } from '../kernel/todo.js';
import type { Agent, Person } from '../kernel/entities.js';
import { findAgent } from '../store/agents.js';
import type { Store } from '../store/db.js';
import { findGoal } from '../store/goals.js';
import { findPerson } from '../store/people.js';
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

/** Fails when a todo id given as context does not belong to the goal. */
export function requireTodoOnGoal(store: Store, todoId: string, goalId: string): Result<Todo, KernelError> {
  const found = requireTodo(store, todoId);
  if (!found.ok) return found;
  return found.value.goalId === goalId ? found : fail('invalid_request', `Todo ${todoId} belongs to goal ${found.value.goalId}, not ${goalId}.`);
}
