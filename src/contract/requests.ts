import { z } from 'zod';
import { LEASE_MAX_SECONDS, LEASE_MIN_SECONDS } from '../kernel/lease.js';
import { DELIVERY_OUTCOMES, EVIDENCE_KINDS, PRIORITIES, TASK_CLASSES } from '../kernel/vocabulary.js';
import { GATE_RISKS, ON_EXPIRE } from '../kernel/gate.js';
import { MONITOR_BOUNDS } from '../kernel/todo.js';

// Request bodies are strict: an unknown field is refused with its path, so a typo never silently drops data.

const Text = (max: number) => z.string().trim().min(1).max(max);
const Id = z.string().min(1).max(128);
const TtlSeconds = z.number().int().min(LEASE_MIN_SECONDS).max(LEASE_MAX_SECONDS);
/** `todo_done:<id>`, `gate:<id>` or an ISO-8601 time. */
export const ResumeWhen = z
  .string()
  .max(200)
  .refine((v) => /^(todo_done|gate):[A-Za-z0-9_-]+$/.test(v) || !Number.isNaN(Date.parse(v)), 'use todo_done:<id>, gate:<id> or an ISO-8601 time');

/** Body of `POST /v1/goals/{goal}/todos` (and each successor). */
/** A monitor's cadence and watch window: offered by should-run every `every_seconds` until `until`. */
export const MonitorRequest = z.strictObject({
  every_seconds: z.number().int().min(MONITOR_BOUNDS.everySeconds.min).max(MONITOR_BOUNDS.everySeconds.max),
  until: z.iso.datetime({ offset: true }).optional(),
  target: Text(200).optional(),
  /** Unchanged checks in a row before the monitor is flagged as probably dead (default 6). */
  dead_after: z.number().int().min(MONITOR_BOUNDS.deadAfter.min).max(MONITOR_BOUNDS.deadAfter.max).optional(),
});
export type MonitorRequest = z.infer<typeof MonitorRequest>;

export const TodoRequest = z.strictObject({
  text: Text(2000),
  priority: z.enum(PRIORITIES).optional(),
  task_class: z.enum(TASK_CLASSES).optional(),
  action_kind: z.string().max(64).optional(),
  claim: z.boolean().optional(),
  resume_when: ResumeWhen.optional(),
  /** Makes it a monitor (task class `monitor`) with this cadence. */
  monitor: MonitorRequest.optional(),
});
export type TodoRequest = z.infer<typeof TodoRequest>;

/** Body of `POST /v1/todos/{todo}/claim`. */
export const ClaimRequest = z.strictObject({ ttl_seconds: TtlSeconds.optional() });

/** Body of `POST /v1/todos/{todo}/renew`. */
export const RenewRequest = z.strictObject({ lease_version: z.number().int().min(0), ttl_seconds: TtlSeconds.optional() });

/** What an agent leaves for the next one when it lets a todo go (the next claimer and should-run see it). */
export const HandoffRequest = z.strictObject({
  summary: Text(600),
  next_steps: z.array(Text(200)).max(5).optional(),
  evidence_ids: z.array(z.string().min(1).max(64)).max(5).optional(),
  open_questions: z.array(Text(200)).max(3).optional(),
});
export type HandoffRequest = z.infer<typeof HandoffRequest>;

/** Body of `POST /v1/todos/{todo}/release`. */
export const ReleaseRequest = z.strictObject({ lease_version: z.number().int().min(0), handoff: HandoffRequest.optional() });

/** Optional usage reported with evidence. */
export const UsageRequest = z.strictObject({
  tokens_in: z.number().int().min(0).max(1e12).optional(),
  tokens_out: z.number().int().min(0).max(1e12).optional(),
  cost_usd: z.number().min(0).max(1e9).optional(),
});

const EvidenceFields = {
  todo_id: Id.optional(),
  gate_id: Id.optional(),
  turn_id: Id.optional(),
  kind: z.enum(EVIDENCE_KINDS),
  summary: Text(2000),
  // Checked and normalised by the use case (normaliseUrl): http(s) only, no credentials, no markup delimiters.
  url: z.string().min(1).max(2000).optional(),
  data: z
    .record(z.string().max(128), z.unknown())
    .refine((d) => JSON.stringify(d).length <= 16_384, 'data must stay under 16 KB of JSON: link to large artefacts instead')
    .optional(),
  delivery_outcome: z.enum(DELIVERY_OUTCOMES).optional(),
  usage: UsageRequest.optional(),
};

/** Body of `POST /v1/evidence`. */
export const EvidenceRequest = z.strictObject({ goal_id: Id, ...EvidenceFields });
export type EvidenceRequest = z.infer<typeof EvidenceRequest>;

/** Evidence attached to a completion (its goal is the todo's). */
export const InlineEvidenceRequest = z.strictObject(EvidenceFields);

/** Body of `POST /v1/todos/{todo}/complete`. */
export const CompleteRequest = z.strictObject({
  lease_version: z.number().int().min(0).optional(),
  evidence: InlineEvidenceRequest.optional(),
  successors: z.array(TodoRequest.omit({ claim: true })).max(20).optional(),
  no_followup: Text(1000).optional(),
});
export type CompleteRequest = z.infer<typeof CompleteRequest>;

/** Body of `POST /v1/todos/{todo}/poll`: one check of a monitor. */
export const PollRequest = z.strictObject({
  /** A digest of what the check saw (e.g. a hash of the PR's review list); a different one is a change. */
  result_hash: z.string().min(1).max(128),
  summary: Text(1000),
  /** Whether a person should hear about it; default: the hash changed since the last check. */
  material_change: z.boolean().optional(),
  successors: z.array(TodoRequest.omit({ claim: true })).max(20).optional(),
});
export type PollRequest = z.infer<typeof PollRequest>;

/** Body of `POST /v1/todos/{todo}/block`. */
export const BlockRequest = z.strictObject({ reason: Text(1000) });

/** Body of `POST /v1/goals/{goal}/heartbeat`. */
export const HeartbeatRequest = z.strictObject({ turn_id: Id.optional(), note: z.string().max(500).optional() });

/** The `Idempotency-Key` header. */
export const IdempotencyKey = z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** Body of `POST /v1/goals/{goal}/should-run`. */
export const ShouldRunRequest = z.strictObject({ turn_id: Id });

/** Body of `POST /v1/goals/{goal}/gates`. */
export const GateRequest = z.strictObject({
  question: Text(1000),
  context: z.string().max(4000).optional(),
  blocks: z.strictObject({ agent: Id.optional(), todo_ids: z.array(Id).max(50).optional(), global: z.boolean().optional() }).optional(),
  decision_scope: z.string().max(200).optional(),
  risk: z.enum(GATE_RISKS).optional(),
  options: z.array(Text(200)).max(10).optional(),
  approvers: z.array(Id).min(1).max(20).optional(),
  quorum: z.number().int().min(1).max(20).optional(),
  expires_in_seconds: z.number().int().min(60).max(90 * 86400).optional(),
  on_expire: z.enum(ON_EXPIRE).optional(),
});
export type GateRequest = z.infer<typeof GateRequest>;

/** Body of `POST /v1/todos/{todo}/defer`. */
export const DeferRequest = z.strictObject({ resume_when: ResumeWhen });

/** Body of `POST /v1/todos/{todo}/supersede`: the replacement todo. */
export const SupersedeRequest = z.strictObject({ text: Text(2000), priority: z.enum(PRIORITIES).optional() });

/** Body of `POST /v1/todos/{todo}/reopen` (and other bodiless actions): nothing. */
export const EmptyRequest = z.strictObject({});

/** Body of `POST /v1/todos/{todo}/update`: a new text and/or priority. */
export const UpdateTodoRequest = z
  .strictObject({ text: Text(2000).optional(), priority: z.enum(PRIORITIES).optional() })
  .refine((body) => body.text !== undefined || body.priority !== undefined, 'give text and/or priority');

/** Body of `POST /v1/gates/{gate}/amend`: what changes in the question. */
export const AmendGateRequest = z
  .strictObject({ question: Text(1000).optional(), context: z.string().max(4000).optional(), options: z.array(Text(200)).max(10).optional() })
  .refine((body) => body.question !== undefined || body.context !== undefined || body.options !== undefined, 'give question, context and/or options');

/** Body of `POST /v1/gates/{gate}/cancel`. */
export const CancelGateRequest = z.strictObject({ reason: Text(1000).optional() });
