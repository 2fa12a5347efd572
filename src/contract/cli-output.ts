import { z } from 'zod';
import { GateWire, GrantWire } from './gate-wire.js';
import { QuotaWire, ShouldRunWire } from './should-run-wire.js';
import { AgentWire, BindingWire, EventWire, EvidenceWire, GoalWire, PersonWire, TodoWire } from './wire.js';
import { StatusWire } from './status-wire.js';
import { WakeTestWire, WakeWire } from './wake-wire.js';
import { MonitorWire } from './monitor-wire.js';

/** Every `--json` output carries `schema_version`; fields are added, never renamed or removed. */
export const CLI_SCHEMA_VERSION = 1;

function versioned<T extends z.ZodRawShape>(shape: T) {
  return z.object({ schema_version: z.literal(CLI_SCHEMA_VERSION), ...shape });
}

/** `goal add|show|set|member`. */
export const GoalOutput = versioned({ goal: GoalWire });
/** `goal stop|resume|complete`. */
export const GoalChangeOutput = versioned({ goal: GoalWire, changed: z.boolean() });
/** `goal bind`. */
export const BindingOutput = versioned({ binding: BindingWire });
/** `goal bind --lark-base`: the Base table a goal's todos are mirrored into, and what set-up added. */
export const BaseBindingOutput = versioned({
  base: z.object({
    goal_id: z.string(),
    app_token: z.string(),
    table_id: z.string(),
    /** The language of the table's LoopX names and cells (`en`, `zh-CN`). */
    locale: z.string(),
    base_name: z.string(),
    created_table: z.boolean(),
    added_fields: z.array(z.string()),
    added_views: z.array(z.string()),
    wrong_type: z.array(z.string()),
    change_events: z.boolean(),
  }),
});
/** `goal bindings`: chat bindings, and the Base tables goals are mirrored into. */
export const BindingListOutput = versioned({ bindings: z.array(BindingWire), bases: z.array(z.object({ goal_id: z.string(), app_token: z.string(), table_id: z.string(), name: z.string(), locale: z.string() })) });
/** `goal list`. */
export const GoalListOutput = versioned({ goals: z.array(GoalWire) });
/** `person add|link`. */
export const PersonOutput = versioned({ person: PersonWire });
/** `person list`. */
export const PersonListOutput = versioned({ people: z.array(PersonWire) });
/** `agent add`: the token (and signing secret) are printed exactly once. */
export const AgentAddOutput = versioned({ agent_id: z.string(), token: z.string(), signing_secret: z.string().optional(), agent: AgentWire });
/** `agent register|revoke`. */
export const AgentOutput = versioned({ agent: AgentWire });
/** `agent list`. */
export const AgentListOutput = versioned({ agents: z.array(AgentWire) });
/** `todo add|claim|renew|release|block|defer|update|reopen`. */
export const TodoOutput = versioned({ todo: TodoWire, changed: z.boolean().optional() });
/** `todo supersede`. */
export const SupersedeOutput = versioned({ todo: TodoWire, replacement: TodoWire });
/** `todo complete`. */
export const CompletionOutput = versioned({ todo: TodoWire, successors: z.array(TodoWire), changed: z.boolean() });
/** `todo list`. */
export const TodoListOutput = versioned({ todos: z.array(TodoWire) });
/** `evidence add`. */
export const EvidenceOutput = versioned({ evidence: EvidenceWire });
/** `evidence list`. */
export const EvidenceListOutput = versioned({ evidence: z.array(EvidenceWire) });
/** `status`. */
export const StatusOutput = versioned({ goals: z.array(StatusWire) });
/** `events`. */
export const EventsOutput = versioned({ events: z.array(EventWire) });
/** `audit verify`. */
export const AuditOutput = versioned({
  ok: z.boolean(),
  checked: z.number(),
  problems: z.array(z.object({ seq: z.number(), problem: z.string() })),
  keyed_from: z.number(),
  head: z.object({ seq: z.number(), hash: z.string() }),
  state_problems: z.array(z.object({ table: z.string(), id: z.string(), problem: z.string() })),
});
/** `init`. */
export const InitOutput = versioned({ database: z.string(), migrations_applied: z.array(z.string()) });
/** `doctor`. */
export const DoctorOutput = versioned({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string(), fix: z.string().optional() })),
});
/** `web login`: the one-time link (shown once) and until when it works. */
export const WebLoginOutput = versioned({ person_id: z.string(), url: z.string(), expires_at: z.string() });
/** `demo`: what was seeded, where to look, and a login link for the demo owner. */
export const DemoOutput = versioned({ goal_id: z.string(), owner_id: z.string(), agents: z.array(z.string()), todos: z.number(), board_url: z.string(), login_url: z.string() });
/** `heartbeat --run`: what one heartbeat did. */
export const HeartbeatRunOutput = versioned({
  goal_id: z.string(),
  status: z.enum(['posted', 'quiet', 'already_ran']),
  note: z.string(),
  posts: z.number(),
  expired_leases: z.array(z.object({ todo_id: z.string(), agent_id: z.string() })),
  stale_agents: z.array(z.string()),
  recovered_agents: z.array(z.string()),
  resumed_todos: z.array(z.string()),
  expired_gates: z.array(z.string()),
  reminders: z.array(z.object({ gate_id: z.string(), step: z.enum(['approvers', 'owners']), people: z.array(z.string()) })),
});
/** `digest --preview`: the digest as it would be posted now, never posted. */
export const DigestPreviewOutput = versioned({
  goal_id: z.string(),
  day: z.string(),
  timezone: z.string(),
  needs_you: z.number(),
  blocked: z.number(),
  done: z.number(),
  stale_agents: z.array(z.string()),
  text: z.string(),
});
/** `schedule`: the next run of every heartbeat and digest. */
export const ScheduleOutput = versioned({
  runs: z.array(
    z.object({ job: z.enum(['heartbeat', 'digest']), key: z.string(), goal_id: z.string(), cron: z.string(), timezone: z.string(), next_at: z.string(), next_local: z.string() }),
  ),
});

/** `gate ask|show|approve|reject|defer|cancel|amend`. */
export const GateOutput = versioned({ gate: GateWire, changed: z.boolean().optional(), created: z.boolean().optional() });
/** `gate list`. */
export const GateListOutput = versioned({ gates: z.array(GateWire) });
/** `grant list` (and its older name `gate grants`). */
export const GrantListOutput = versioned({ grants: z.array(GrantWire) });
/** `grant show|revoke`. */
export const GrantOutput = versioned({ grant: GrantWire, changed: z.boolean().optional() });
/** `should-run`: the packet itself. */
export const ShouldRunOutput = versioned(ShouldRunWire.shape);
/** A spend or void row in the quota ledger. */
export const QuotaRowWire = z.object({ id: z.string(), kind: z.enum(['spend', 'void']), agent_id: z.string().nullable(), turn_id: z.string().nullable(), evidence_id: z.string().nullable(), slots: z.number(), voids_id: z.string().nullable(), reason: z.string().nullable(), at: z.string() });
/** `quota show|set`. */
export const QuotaOutput = versioned({
  goal_id: z.string(),
  quota: QuotaWire,
  ledger: z.array(QuotaRowWire),
  usage: z.array(z.object({ agent_id: z.string().nullable(), tokens_in: z.number(), tokens_out: z.number(), cost_usd: z.number(), evidence: z.number() })),
});
/** `quota void`. */
export const QuotaVoidOutput = versioned({ void: QuotaRowWire });
/** `review <goal>`: the operator's review packet. */
export const ReviewOutput = versioned({
  goal_id: z.string(),
  gate: GateWire.nullable(),
  question: z.string().nullable(),
  waiting_on: z.array(z.string()),
  suggested_decision: z.enum(['approve', 'reject', 'defer']).nullable(),
  suggestion_reason: z.string(),
  approving_authorises: z.array(z.string()),
  approving_does_not_authorise: z.array(z.string()),
  evidence: z.array(EvidenceWire),
  other_pending_gates: z.number(),
  commands: z.object({ approve: z.string(), reject: z.string(), defer: z.string() }).nullable(),
});

/** `agent wake set|show`. */
export const WakeOutput = versioned({ wake: WakeWire });
/** `agent wake test`. */
export const WakeTestOutput = versioned({ test: WakeTestWire });
/** `agent wake clear`. */
export const WakeClearOutput = versioned({ removed: z.boolean() });
/** `todo poll`. */
export const PollOutput = versioned({ todo: TodoWire, monitor: MonitorWire, material_change: z.boolean(), successors: z.array(TodoWire) });
/** `backup`: the verified copy and where its ledger key went (null: LOOPX_LEDGER_KEY or an unkeyed ledger). */
export const BackupOutput = versioned({
  file: z.string(),
  bytes: z.number(),
  integrity: z.literal('ok'),
  ledger_events: z.number(),
  head: z.object({ seq: z.number(), hash: z.string() }),
  key_file: z.string().nullable(),
});
/** `restore`: the database now in place and where the one it replaced was kept. */
export const RestoreOutput = versioned({
  database: z.string(),
  from: z.string(),
  previous: z.string().nullable(),
  integrity: z.literal('ok'),
  ledger_events: z.number(),
  head: z.object({ seq: z.number(), hash: z.string() }),
  key_file: z.string().nullable(),
});
