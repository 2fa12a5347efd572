import { z } from 'zod';
import type { Agent, Evidence, Person } from '../kernel/entities.js';
import type { Goal } from '../kernel/goal.js';
import { LANES, type Lane } from '../kernel/lanes.js';
import type { Todo } from '../kernel/todo.js';
import { BINDING_PURPOSES, CHAT_SURFACES, DELIVERY_OUTCOMES, EVIDENCE_KINDS, GOAL_STATUSES, PRIORITIES, TASK_CLASSES, TODO_ROLES, TODO_STATUSES } from '../kernel/vocabulary.js';

// The shapes LoopX answers with, over HTTP and in `--json`. Add fields freely; never rename or remove one.

const Nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** A lease as answered to agents. */
export const LeaseWire = z.object({ version: z.number(), epoch: z.number(), expires_at: z.string(), holder: z.string() });

/** A todo on the wire. */
export const TodoWire = z.object({
  id: z.string(),
  goal_id: z.string(),
  text: z.string(),
  role: z.enum(TODO_ROLES),
  task_class: z.enum(TASK_CLASSES),
  priority: z.enum(PRIORITIES),
  status: z.enum(TODO_STATUSES),
  lane: z.enum(LANES).optional(),
  action_kind: Nullable(z.string()),
  blocked_reason: Nullable(z.string()),
  resume_when: Nullable(z.string()),
  claimed_by: Nullable(z.string()),
  lease: Nullable(LeaseWire),
  lease_version: z.number(),
  predecessor_id: Nullable(z.string()),
  superseded_by: Nullable(z.string()),
  no_followup: Nullable(z.string()),
  completed_at: Nullable(z.string()),
  revision: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TodoWire = z.infer<typeof TodoWire>;

/** Maps a todo (and optionally its lane) to the wire. */
export function todoToWire(todo: Todo, lane?: Lane): TodoWire {
  const lease =
    todo.claimedBy !== null && todo.leaseExpiresAt !== null
      ? { version: todo.leaseVersion, epoch: todo.leaseEpoch, expires_at: todo.leaseExpiresAt, holder: todo.claimedBy }
      : null;
  return {
    id: todo.id,
    goal_id: todo.goalId,
    text: todo.text,
    role: todo.role,
    task_class: todo.taskClass,
    priority: todo.priority,
    status: todo.status,
    ...(lane ? { lane } : {}),
    action_kind: todo.actionKind,
    blocked_reason: todo.blockedReason,
    resume_when: todo.resumeWhen,
    claimed_by: todo.claimedBy,
    lease,
    lease_version: todo.leaseVersion,
    predecessor_id: todo.predecessorId,
    superseded_by: todo.supersededBy,
    no_followup: todo.noFollowup,
    completed_at: todo.completedAt,
    revision: todo.revision,
    created_at: todo.createdAt,
    updated_at: todo.updatedAt,
  };
}

/** A goal on the wire. */
export const GoalWire = z.object({
  id: z.string(),
  title: z.string(),
  objective: z.string(),
  status: z.enum(GOAL_STATUSES),
  timezone: z.string(),
  heartbeat_cron: z.string(),
  revision: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  members: z.array(z.object({ person_id: z.string(), role: z.string() })).optional(),
});
export type GoalWire = z.infer<typeof GoalWire>;

/** Maps a goal to the wire. */
export function goalToWire(goal: Goal, members?: readonly { personId: string; role: string }[]): GoalWire {
  return {
    id: goal.id,
    title: goal.title,
    objective: goal.objective,
    status: goal.status,
    timezone: goal.timezone,
    heartbeat_cron: goal.heartbeatCron,
    revision: goal.revision,
    created_at: goal.createdAt,
    updated_at: goal.updatedAt,
    ...(members ? { members: members.map((m) => ({ person_id: m.personId, role: m.role })) } : {}),
  };
}

/** Evidence on the wire. */
export const EvidenceWire = z.object({
  id: z.string(),
  goal_id: z.string(),
  todo_id: Nullable(z.string()),
  gate_id: Nullable(z.string()),
  agent_id: Nullable(z.string()),
  turn_id: Nullable(z.string()),
  kind: z.enum(EVIDENCE_KINDS),
  summary: z.string(),
  url: Nullable(z.string()),
  data: z.unknown(),
  delivery_outcome: Nullable(z.enum(DELIVERY_OUTCOMES)),
  usage: Nullable(z.object({ tokens_in: Nullable(z.number()), tokens_out: Nullable(z.number()), cost_usd: Nullable(z.number()) })),
  created_at: z.string(),
});
export type EvidenceWire = z.infer<typeof EvidenceWire>;

/** Maps evidence to the wire. */
export function evidenceToWire(evidence: Evidence): EvidenceWire {
  return {
    id: evidence.id,
    goal_id: evidence.goalId,
    todo_id: evidence.todoId,
    gate_id: evidence.gateId,
    agent_id: evidence.agentId,
    turn_id: evidence.turnId,
    kind: evidence.kind,
    summary: evidence.summary,
    url: evidence.url,
    data: evidence.data,
    delivery_outcome: evidence.deliveryOutcome,
    usage: evidence.usage ? { tokens_in: evidence.usage.tokensIn, tokens_out: evidence.usage.tokensOut, cost_usd: evidence.usage.costUsd } : null,
    created_at: evidence.createdAt,
  };
}

/** An agent on the wire (never its token or secret). */
export const AgentWire = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'revoked']),
  signs_requests: z.boolean(),
  last_seen_at: Nullable(z.string()),
  goals: z.array(z.string()),
});

/** Maps an agent to the wire. */
export function agentToWire(agent: Agent): z.infer<typeof AgentWire> {
  return { id: agent.id, name: agent.name, status: agent.status, signs_requests: agent.signs, last_seen_at: agent.lastSeenAt, goals: [...agent.goals] };
}

/** A person on the wire. */
export const PersonWire = z.object({
  id: z.string(),
  name: z.string(),
  timezone: Nullable(z.string()),
  identities: z.array(z.object({ surface: z.string(), external_id: z.string() })),
  /** Where they are reached; null = a direct message where linked, else the channel. */
  notify_via: Nullable(z.string()).optional(),
  /** Quiet hours in their timezone (`22:00-08:00`); null = none. */
  quiet_hours: Nullable(z.string()).optional(),
  /** `en` or `zh-CN`; null = not chosen (English). */
  locale: Nullable(z.string()).optional(),
});

/** Maps a person to the wire. */
export function personToWire(person: Person): z.infer<typeof PersonWire> {
  return { id: person.id, name: person.name, timezone: person.timezone, identities: person.identities.map((i) => ({ surface: i.surface, external_id: i.externalId })), notify_via: person.notifyVia, quiet_hours: person.quietHours, locale: person.locale };
}

/** A ledger row on the wire. */
export const EventWire = z.object({
  seq: z.number(),
  at: z.string(),
  goal_id: Nullable(z.string()),
  type: z.string(),
  actor: z.string(),
  payload: z.unknown(),
});

/** The error body every surface answers with. */
export const ErrorWire = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }) });

/** A goal's binding to a Slack channel or Lark chat. */
export const BindingWire = z.object({
  goal_id: z.string(),
  surface: z.enum(CHAT_SURFACES),
  workspace: Nullable(z.string()),
  destination: z.string(),
  purposes: z.array(z.enum(BINDING_PURPOSES)),
  digest_at: z.string(),
  digest_timezone: z.string(),
  /** `en` or `zh-CN`: the language of the cards posted there. */
  locale: z.string().optional(),
  /** Lark chats only: the cards also carry the other language, each reader's client showing its own. */
  bilingual: z.boolean().optional(),
});
export type BindingWire = z.infer<typeof BindingWire>;

/** Maps a binding to its wire shape. */
export function bindingToWire(binding: { goalId: string; surface: (typeof CHAT_SURFACES)[number]; workspace: string | null; destination: string; purposes: readonly (typeof BINDING_PURPOSES)[number][]; digestAt: string; digestTimezone: string; locale?: string; bilingual?: boolean }): BindingWire {
  return {
    goal_id: binding.goalId,
    surface: binding.surface,
    workspace: binding.workspace,
    destination: binding.destination,
    purposes: [...binding.purposes],
    digest_at: binding.digestAt,
    digest_timezone: binding.digestTimezone,
    ...(binding.locale ? { locale: binding.locale } : {}),
    ...(binding.bilingual ? { bilingual: true } : {}),
  };
}
