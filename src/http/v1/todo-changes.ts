import { readTodo } from '../../app/queries/agent-reads.js';
import { deferTodo, editTodo, reopenTodo, supersedeTodo } from '../../app/todos.js';
import { DeferRequest, EmptyRequest, SupersedeRequest, UpdateTodoRequest } from '../../contract/requests.js';
import { todoToWire } from '../../contract/wire.js';
import type { Todo } from '../../kernel/todo.js';
import { param, respond, withBody, type Route } from './route.js';

const todoBody = (todo: Todo) => ({ todo: todoToWire(todo) });

/** The rest of an agent's todo verbs (the CLI's twins, one use case each) and reading one todo. */
export const todoChangeRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/v1/todos/:todo',
    handle: (call) => respond(readTodo(call.deps.store, call.actor, param(call, 'todo'), call.deps.clock.now()), (v) => ({ todo: todoToWire(v.todo, v.lane ?? undefined) })),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/defer',
    handle: (call) => withBody(call, DeferRequest, (body) => respond(deferTodo(call.deps, call.origin, param(call, 'todo'), body.resume_when), todoBody)),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/reopen',
    handle: (call) => withBody(call, EmptyRequest, () => respond(reopenTodo(call.deps, call.origin, param(call, 'todo')), todoBody)),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/update',
    handle: (call) => withBody(call, UpdateTodoRequest, (body) => respond(editTodo(call.deps, call.origin, param(call, 'todo'), body), todoBody)),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/supersede',
    handle: (call) =>
      withBody(call, SupersedeRequest, (body) =>
        respond(supersedeTodo(call.deps, call.origin, param(call, 'todo'), body), (v) => ({ todo: todoToWire(v.old), replacement: todoToWire(v.replacement) })),
      ),
  },
];
