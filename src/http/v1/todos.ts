import { claimTodo, releaseLease, renewLease } from '../../app/leases.js';
import { laneTodos } from '../../app/queries/goal-status.js';
import { addTodo, blockTodo, completeTodo, type TodoDraft } from '../../app/todos.js';
import { requireGoalAccess } from '../../app/actor.js';
import { BlockRequest, ClaimRequest, CompleteRequest, PollRequest, ReleaseRequest, RenewRequest, TodoRequest } from '../../contract/requests.js';
import { handoffOf } from '../../app/work/handoffs.js';
import { pollMonitor } from '../../app/work/monitors.js';
import { evidenceToWire, todoToWire } from '../../contract/wire.js';
import { evidenceFromWire } from './evidence.js';
import { kernelError } from '../../kernel/errors.js';
import { TODO_STATUSES, type TodoStatus } from '../../kernel/vocabulary.js';
import { errorResponse } from '../errors.js';
import { param, respond, withBody, type AgentCall, type Route } from './route.js';

/** Maps a wire todo body to the use case's draft. */
export function todoDraftFromWire(body: Omit<TodoRequest, 'claim'>): TodoDraft {
  const monitor = body.monitor && { everySeconds: body.monitor.every_seconds, until: body.monitor.until, target: body.monitor.target, deadAfter: body.monitor.dead_after };
  return { text: body.text, priority: body.priority, taskClass: body.task_class, actionKind: body.action_kind, resumeWhen: body.resume_when, monitor };
}

function leaseBody(todo: ReturnType<typeof todoToWire>) {
  return { todo, lease: todo.lease };
}

function listTodosRoute(call: AgentCall) {
  const goalId = param(call, 'goal');
  const access = requireGoalAccess(call.deps.store, call.actor, goalId);
  if (!access.ok) return errorResponse(access.error);
  const status = call.request.query.get('status');
  if (status !== null && !TODO_STATUSES.includes(status as TodoStatus)) {
    return errorResponse(kernelError('invalid_request', `Unknown status "${status}"; use one of ${TODO_STATUSES.join(', ')}.`));
  }
  const todos = laneTodos(call.deps.store, goalId, call.deps.clock.now(), status === null ? undefined : [status as TodoStatus]);
  return { status: 200, body: { todos: todos.map((t) => todoToWire(t.todo, t.lane)) } };
}

/** Todo endpoints: add, list, claim, renew, release, complete, block. */
export const todoRoutes: readonly Route[] = [
  {
    method: 'POST',
    pattern: '/v1/goals/:goal/todos',
    handle: (call) =>
      withBody(call, TodoRequest, (body) =>
        respond(
          addTodo(call.deps, call.origin, param(call, 'goal'), todoDraftFromWire(body), { claim: body.claim }),
          (v) => leaseBody(todoToWire(v.todo)),
          (v) => (v.created ? 201 : 200),
        ),
      ),
  },
  { method: 'GET', pattern: '/v1/goals/:goal/todos', handle: listTodosRoute },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/claim',
    handle: (call) =>
      withBody(call, ClaimRequest, (body) =>
        respond(claimTodo(call.deps, call.origin, param(call, 'todo'), body.ttl_seconds), (v) => ({ ...leaseBody(todoToWire(v.todo)), handoff: handoffOf(call.deps.store, v.todo.id) })),
      ),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/renew',
    handle: (call) =>
      withBody(call, RenewRequest, (body) =>
        respond(renewLease(call.deps, call.origin, param(call, 'todo'), body.lease_version, body.ttl_seconds), (v) => leaseBody(todoToWire(v.todo))),
      ),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/release',
    handle: (call) =>
      withBody(call, ReleaseRequest, (body) => respond(releaseLease(call.deps, call.origin, param(call, 'todo'), body.lease_version, body.handoff), (v) => ({ todo: todoToWire(v.todo) }))),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/poll',
    handle: (call) =>
      withBody(call, PollRequest, (body) =>
        respond(
          pollMonitor(call.deps, call.origin, param(call, 'todo'), { resultHash: body.result_hash, summary: body.summary, materialChange: body.material_change, successors: body.successors?.map(todoDraftFromWire) }),
          (v) => ({ todo: todoToWire(v.todo), monitor: v.monitor, material_change: v.materialChange, successors: v.successors.map((t) => todoToWire(t)) }),
        ),
      ),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/complete',
    handle: (call) => withBody(call, CompleteRequest, (body) => completeRoute(call, body)),
  },
  {
    method: 'POST',
    pattern: '/v1/todos/:todo/block',
    handle: (call) => withBody(call, BlockRequest, (body) => respond(blockTodo(call.deps, call.origin, param(call, 'todo'), body.reason), (todo) => ({ todo: todoToWire(todo) }))),
  },
];

function completeRoute(call: AgentCall, body: CompleteRequest) {
  const e = body.evidence;
  const completed = completeTodo(call.deps, call.origin, param(call, 'todo'), {
    leaseVersion: body.lease_version,
    successors: (body.successors ?? []).map(todoDraftFromWire),
    noFollowup: body.no_followup,
    evidence: e ? evidenceFromWire(e) : undefined,
  });
  return respond(completed, (v) => ({
    todo: todoToWire(v.todo),
    successors: v.successors.map((s) => todoToWire(s)),
    changed: v.changed,
    ...(v.evidence ? { evidence: evidenceToWire(v.evidence) } : {}),
  }));
}
