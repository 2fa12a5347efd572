import { addMember } from '../../src/app/goals.js';
import { addPerson } from '../../src/app/people.js';
import { addTodo } from '../../src/app/todos.js';
import { createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';

/** A goal `demo` owned by ana, with bo as approver, cy as viewer, agents a1 and a2, and two todos. */
export async function gateApp(options: { path?: string; agents?: readonly string[]; start?: string } = {}): Promise<TestApp & { todoA: string; todoB: string; tokens: Record<string, string> }> {
  const app = await createTestApp({ ...(options.path ? { path: options.path } : {}), ...(options.start ? { start: options.start } : {}) });
  const { tokens } = seedGoal(app.deps, { agents: options.agents ?? ['a1', 'a2'] });
  unwrap(addPerson(app.deps, operator, { id: 'bo', name: 'Bo' }));
  unwrap(addPerson(app.deps, operator, { id: 'cy', name: 'Cy' }));
  unwrap(addMember(app.deps, operator, 'demo', 'bo', 'approver'));
  unwrap(addMember(app.deps, operator, 'demo', 'cy', 'viewer'));
  const todoA = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Publish the post', priority: 'P1' })).todo.id;
  const todoB = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Draft the changelog' })).todo.id;
  return { ...app, todoA, todoB, tokens };
}

/** An origin acting as a person (the CLI's `--as`). */
export function asPerson(id: string) {
  return { actor: { kind: 'person' as const, id } };
}
