import type { GeneratedAlways } from 'kysely';
import type { GateTable, GateVoteTable, GateGrantTable, QuotaPolicyTable, QuotaLedgerTable, TurnTable } from './tables-gates.js';
import type { LarkBaseTable, BaseRowTable } from './tables-base.js';
import type { JobRunTable, AgentStaleFlagTable, BindingTable, ProjectionTable, OutboxTable, ProjectorCursorTable, InboundDedupeTable, WebLoginTokenTable, WebSessionTable, ServerTable, ServeLeaseTable } from './tables-chat.js';
import type { AgentWakeTable, WakeEventTable } from './wakes.js';
import type { HandoffTable, MonitorTable } from './monitors.js';

/** Agent request signatures already accepted, kept until their replay window ends. */
export interface SeenSignatureTable {
  signature: string;
  agent_id: string;
  expires_at: string;
}

/** Facts about the ledger itself (`keyed_from`: the first keyed seq, and its MAC). */
export interface LedgerMetaTable {
  name: string;
  value: string;
}

/** The writability probe's one row. */
export interface StorageProbeTable {
  id: number;
  at: string;
}

/** Goals: the unit of work, quota and one Kanban card. */
export interface GoalTable {
  id: string;
  title: string;
  objective: string;
  status: string;
  timezone: string;
  heartbeat_cron: string;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** People: where authority lives. */
export interface PersonTable {
  id: string;
  name: string;
  timezone: string | null;
  /** Where they are reached (slack-dm, lark-dm, channel, none); null = a direct message where linked. */
  notify_via: string | null;
  /** `22:00-08:00` in their timezone; null = none. */
  quiet_hours: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** One reminder or escalation sent about a gate to one person (at most once per gate, person and step). */
export interface GateNudgeTable {
  gate_id: string;
  person_id: string;
  /** `remind` (the people it waits on), `escalate` (the next people on the ladder), `urgent` (a high-risk gate about to expire). */
  step: string;
  /** Where it went: slack-dm, lark-dm, channel. */
  via: string;
  at: string;
}

/** Chat identities linked to a person (`slack` + `T:U`, `lark` + `tenant:open_id`). */
export interface PersonIdentityTable {
  surface: string;
  external_id: string;
  person_id: string;
  created_at: string;
}

/** Who holds which role on which goal. */
export interface MembershipTable {
  goal_id: string;
  person_id: string;
  role: string;
  created_at: string;
}

/** Agents act only through their token; the token is stored hashed. */
export interface AgentTable {
  id: string;
  name: string;
  token_hash: string;
  signing_secret: string | null;
  status: string;
  last_seen_at: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** Which goals an agent is registered on. */
export interface AgentGoalTable {
  agent_id: string;
  goal_id: string;
  created_at: string;
}

/** Todos, with the claim and lease on the row itself. */
export interface TodoTable {
  id: string;
  goal_id: string;
  text: string;
  role: string;
  task_class: string;
  priority: string;
  status: string;
  blocked_reason: string | null;
  action_kind: string | null;
  resume_when: string | null;
  claimed_by: string | null;
  lease_expires_at: string | null;
  lease_version: number;
  lease_epoch: number;
  lease_started_at: string | null;
  predecessor_id: string | null;
  superseded_by: string | null;
  no_followup: string | null;
  completed_at: string | null;
  completed_by: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
  /** The lane the row alone decides (generated; null for superseded todos): see src/store/todo-lanes.ts. */
  base_lane: GeneratedAlways<string | null>;
}

/** Evidence: what an agent proves, compact and public-safe. */
export interface EvidenceTable {
  id: string;
  goal_id: string;
  todo_id: string | null;
  gate_id: string | null;
  agent_id: string | null;
  turn_id: string | null;
  kind: string;
  summary: string;
  url: string | null;
  data: string | null;
  delivery_outcome: string | null;
  tokens_in: number | null;
  tokens_out: number | null;
  cost_usd: number | null;
  created_at: string;
}

/** The append-only, hash-chained ledger. */
export interface EventTable {
  seq: number;
  at: string;
  goal_id: string | null;
  type: string;
  actor: string;
  payload: string;
  idempotency_key: string | null;
  prev_hash: string;
  hash: string;
}

/** Stored results of idempotent writes, per actor and key. */
export interface IdempotencyTable {
  actor: string;
  key: string;
  request_hash: string;
  response: string;
  created_at: string;
}

export type { GateTable, GateVoteTable, GateGrantTable, QuotaPolicyTable, QuotaLedgerTable, TurnTable } from './tables-gates.js';
export type { JobRunTable, AgentStaleFlagTable, BindingTable, ProjectionTable, OutboxTable, ProjectorCursorTable, InboundDedupeTable, WebLoginTokenTable, WebSessionTable, ServerTable, ServeLeaseTable } from './tables-chat.js';

/** Every table, for kysely's types. */
export interface Tables {
  goals: GoalTable;
  people: PersonTable;
  gate_nudges: GateNudgeTable;
  person_identities: PersonIdentityTable;
  memberships: MembershipTable;
  agents: AgentTable;
  agent_goals: AgentGoalTable;
  todos: TodoTable;
  evidence: EvidenceTable;
  events: EventTable;
  idempotency: IdempotencyTable;
  gates: GateTable;
  gate_votes: GateVoteTable;
  gate_grants: GateGrantTable;
  quota_policies: QuotaPolicyTable;
  quota_ledger: QuotaLedgerTable;
  turns: TurnTable;
  bindings: BindingTable;
  projections: ProjectionTable;
  outbox: OutboxTable;
  projector_cursor: ProjectorCursorTable;
  inbound_dedupe: InboundDedupeTable;
  web_login_tokens: WebLoginTokenTable;
  web_sessions: WebSessionTable;
  job_runs: JobRunTable;
  agent_stale_flags: AgentStaleFlagTable;
  servers: ServerTable;
  serve_leases: ServeLeaseTable;
  seen_signatures: SeenSignatureTable;
  ledger_meta: LedgerMetaTable;
  storage_probe: StorageProbeTable;
  agent_wakes: AgentWakeTable;
  wake_events: WakeEventTable;
  monitors: MonitorTable;
  handoffs: HandoffTable;
  lark_bases: LarkBaseTable;
  base_rows: BaseRowTable;
}
