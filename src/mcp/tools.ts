import { z } from 'zod';
import {
  AmendGateRequest,
  BlockRequest,
  CancelGateRequest,
  ClaimRequest,
  CompleteRequest,
  DeferRequest,
  EvidenceRequest,
  GateRequest,
  HeartbeatRequest,
  PollRequest,
  ReleaseRequest,
  RenewRequest,
  SupersedeRequest,
  TodoRequest,
  UpdateTodoRequest,
} from '../contract/requests.js';
import { GateWire } from '../contract/gate-wire.js';
import { HandoffWire, MonitorWire } from '../contract/monitor-wire.js';
import { ShouldRunWire } from '../contract/should-run-wire.js';
import { StatusWire } from '../contract/status-wire.js';
import { EvidenceWire, LeaseWire, TodoWire } from '../contract/wire.js';
import type { InProcessCall } from '../http/agent-api.js';

// The MCP tools, one per agent API action: each names its inputs (path ids plus the route's body fields, from the
// same zod schemas) and maps them to the /v1 call that does the work. Validation, rules, errors and the audit trail
// are the route's; a tool adds nothing but the mapping.

const Id = z.string().min(1).max(128);
const IdempotencyKey = z.string().min(1).max(128).optional().describe('makes a retried write safe: the same key and input answer the stored result');

/** One tool: its name, what it is for, its input fields, and the /v1 call it makes. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodRawShape;
  /** The shape of a successful answer (the /v1 answer), for the tool's output schema. */
  readonly output?: z.ZodRawShape;
  /** True for tools that change nothing (MCP `readOnlyHint`). */
  readonly readOnly?: boolean;
  readonly call: (args: Record<string, unknown>) => InProcessCall;
}

/** The body fields of `args`: everything but the path ids and the idempotency key. */
function bodyOf(args: Record<string, unknown>, ...pathIds: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([key, value]) => value !== undefined && key !== 'idempotency_key' && !pathIds.includes(key)));
}

/** The query string of a read: the named arguments that were given. */
function queryOf(args: Record<string, unknown>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => args[name] !== undefined).map((name) => [name, String(args[name])]));
}

const key = (args: Record<string, unknown>) => (typeof args.idempotency_key === 'string' ? args.idempotency_key : undefined);
const id = (args: Record<string, unknown>, name: string) => encodeURIComponent(String(args[name]));

const TodoAnswer = { todo: TodoWire };
const LeaseAnswer = { todo: TodoWire, lease: LeaseWire.nullable() };

/** The answer of a gate write or read. */
export const GateAnswer = { gate: GateWire };

/** A write tool on `/v1/todos/{todo_id}/<verb>`. */
function todoVerb(name: string, verb: string, description: string, body: z.ZodRawShape, output: z.ZodRawShape = TodoAnswer): ToolSpec {
  return {
    name,
    description,
    output,
    input: { todo_id: Id, ...body, idempotency_key: IdempotencyKey },
    call: (args) => ({ method: 'POST', path: `/v1/todos/${id(args, 'todo_id')}/${verb}`, body: bodyOf(args, 'todo_id'), idempotencyKey: key(args) }),
  };
}

/** A write tool on `/v1/gates/{gate_id}/<verb>`. */
function gateVerb(name: string, verb: string, description: string, body: z.ZodRawShape): ToolSpec {
  return {
    name,
    description,
    output: GateAnswer,
    input: { gate_id: Id, ...body, idempotency_key: IdempotencyKey },
    call: (args) => ({ method: 'POST', path: `/v1/gates/${id(args, 'gate_id')}/${verb}`, body: bodyOf(args, 'gate_id'), idempotencyKey: key(args) }),
  };
}

/** A write tool on `/v1/goals/{goal_id}/<verb>`. */
function goalVerb(name: string, verb: string, description: string, body: z.ZodRawShape, output?: z.ZodRawShape): ToolSpec {
  return {
    name,
    description,
    ...(output ? { output } : {}),
    input: { goal_id: Id, ...body, idempotency_key: IdempotencyKey },
    call: (args) => ({ method: 'POST', path: `/v1/goals/${id(args, 'goal_id')}/${verb}`, body: bodyOf(args, 'goal_id'), idempotencyKey: key(args) }),
  };
}

/** Every tool but `wait_for_gate` (which waits in rounds of the gate read; see server.ts). */
export const TOOLS: readonly ToolSpec[] = [
  goalVerb('should_run', 'should-run', 'Ask at the start of every turn: whether to work, on which todo, and which gates hold work back. Never spends quota.', { turn_id: Id }, ShouldRunWire.shape),
  {
    name: 'goal_status',
    description: "A goal's lanes, who acts next and its open gates.",
    input: { goal_id: Id },
    output: StatusWire.shape,
    readOnly: true,
    call: (args) => ({ method: 'GET', path: `/v1/goals/${id(args, 'goal_id')}/status` }),
  },
  goalVerb('add_todo', 'todos', 'Add a todo to a goal (with claim: true, claim it at once).', TodoRequest.shape, LeaseAnswer),
  {
    name: 'list_todos',
    description: "A goal's todos with their Kanban lanes (optionally only one status).",
    input: { goal_id: Id, status: z.string().optional() },
    readOnly: true,
    call: (args) => ({ method: 'GET', path: `/v1/goals/${id(args, 'goal_id')}/todos`, query: queryOf(args, 'status') }),
  },
  {
    name: 'read_todo',
    description: 'One todo with its lane and lease.',
    input: { todo_id: Id },
    output: TodoAnswer,
    readOnly: true,
    call: (args) => ({ method: 'GET', path: `/v1/todos/${id(args, 'todo_id')}` }),
  },
  todoVerb('claim_todo', 'claim', "Take a lease on a todo (45 minutes unless ttl_seconds says otherwise); the answer carries the previous holder's handoff, if any.", ClaimRequest.shape, {
    ...LeaseAnswer,
    handoff: HandoffWire.nullable(),
  }),
  todoVerb('renew_lease', 'renew', 'Extend your lease with the lease_version from your last claim or renew.', RenewRequest.shape, LeaseAnswer),
  todoVerb('release_todo', 'release', 'Give your lease back, optionally with a handoff (summary, next steps, evidence ids, open questions) for the next agent.', ReleaseRequest.shape),
  todoVerb('poll_monitor', 'poll', 'Record one check of a monitor: never spends quota, quiet unless something changed; moves it to its next due time.', PollRequest.shape, {
    todo: TodoWire,
    monitor: MonitorWire,
    material_change: z.boolean(),
    successors: z.array(TodoWire),
  }),
  todoVerb('complete_todo', 'complete', 'Finish a todo: successors, or a no_followup reason; optional evidence in the same write.', CompleteRequest.shape, {
    todo: TodoWire,
    successors: z.array(TodoWire),
    changed: z.boolean(),
    evidence: EvidenceWire.optional(),
  }),
  todoVerb('block_todo', 'block', 'Block a todo with a reason (a person reopens it).', BlockRequest.shape),
  todoVerb('defer_todo', 'defer', 'Defer a todo until todo_done:<id>, gate:<id> or a time.', DeferRequest.shape),
  todoVerb('reopen_todo', 'reopen', 'Reopen a deferred todo (a blocked one needs a person).', {}),
  todoVerb('update_todo', 'update', "Change a todo's text or priority.", UpdateTodoRequest.shape),
  todoVerb('supersede_todo', 'supersede', 'Retire a todo and create its replacement, which inherits your claim.', SupersedeRequest.shape),
  {
    name: 'report_evidence',
    description: 'Report what you proved (tests, a PR, a doc...). With your turn_id and an accountable delivery_outcome it spends the turn`s quota slot.',
    input: { ...EvidenceRequest.shape, idempotency_key: IdempotencyKey },
    output: {
      evidence: EvidenceWire,
      spent: z.object({ slots: z.number() }).nullable().optional(),
      unaccounted_turn: z.boolean().optional(),
      unaccounted_reason: z.string().optional(),
    },
    call: (args) => ({ method: 'POST', path: '/v1/evidence', body: bodyOf(args), idempotencyKey: key(args) }),
  },
  {
    name: 'list_evidence',
    description: "A goal's evidence, newest first (optionally about one todo).",
    input: { goal_id: Id, todo_id: Id.optional(), limit: z.number().int().min(1).max(200).optional() },
    readOnly: true,
    call: (args) => ({
      method: 'GET',
      path: `/v1/goals/${id(args, 'goal_id')}/evidence`,
      query: queryOf(args, 'todo_id', 'limit'),
    }),
  },
  goalVerb('ask_gate', 'gates', 'Ask a person: a question that blocks only what it names (a todo, your claims, or the whole goal).', GateRequest.shape, { ...GateAnswer, created: z.boolean() }),
  gateVerb('amend_gate', 'amend', 'Change the question of a gate you asked (old buttons stop working).', AmendGateRequest.shape),
  gateVerb('cancel_gate', 'cancel', 'Withdraw a gate you asked.', CancelGateRequest.shape),
  {
    name: 'list_my_gates',
    description: 'The gates you asked, oldest first (state: e.g. pending or approved,rejected).',
    input: { state: z.string().optional() },
    readOnly: true,
    call: (args) => ({ method: 'GET', path: '/v1/agents/me/gates', query: queryOf(args, 'state') }),
  },
  goalVerb('heartbeat', 'heartbeat', 'Say you are alive on a goal (counts as activity).', HeartbeatRequest.shape),
];
