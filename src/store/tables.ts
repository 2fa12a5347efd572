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
  revision: number;
  created_at: string;
  updated_at: string;
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

/** Owner gates: a question only a human may answer. */
export interface GateTable {
  id: string;
  goal_id: string;
  question: string;
  context: string | null;
  options: string;
  risk: string;
  requested_by: string;
  blocks_agent: string | null;
  blocks_todo_ids: string;
  blocks_global: number;
  decision_scope: string | null;
  approvers: string | null;
  quorum: number;
  allow_self_approval: number;
  state: string;
  revision: number;
  expires_at: string | null;
  on_expire: string;
  deferred_until: string | null;
  escalation: string | null;
  decision_outcome: string | null;
  decided_by: string | null;
  decided_via: string | null;
  decision_reason: string | null;
  decided_at: string | null;
  decided_revision: number | null;
  grant_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One approval vote per person per gate revision (quorum gates). */
export interface GateVoteTable {
  gate_id: string;
  revision: number;
  person_id: string;
  via: string;
  at: string;
}

/** Standing approvals recorded by goal-wide (or wider) decisions. */
export interface GateGrantTable {
  id: string;
  goal_id: string;
  scope: string;
  gate_id: string;
  granted_by: string;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_by_gate_id: string | null;
}

/** Per-goal quota policy. */
export interface QuotaPolicyTable {
  goal_id: string;
  allowed_slots: number;
  window_hours: number;
  updated_at: string;
}

/** Append-only quota spends and voids. */
export interface QuotaLedgerTable {
  id: string;
  goal_id: string;
  kind: string;
  agent_id: string | null;
  turn_id: string | null;
  evidence_id: string | null;
  slots: number;
  voids_id: string | null;
  reason: string | null;
  actor: string;
  at: string;
}

/** should-run packets per (goal, agent, turn), so a retry answers the same packet. */
export interface TurnTable {
  goal_id: string;
  agent_id: string;
  turn_id: string;
  mode: string;
  selected_todo_id: string | null;
  packet: string;
  created_at: string;
}

/** One scheduled job run per (job, key, period): heartbeats per goal, digests per binding. */
export interface JobRunTable {
  job: string;
  key: string;
  period: string;
  due_at: string;
  started_at: string;
  status: string;
  late: number;
  trigger: string;
  note: string;
}

/** Agents flagged stale on a goal (one row while flagged). */
export interface AgentStaleFlagTable {
  goal_id: string;
  agent_id: string;
  flagged_at: string;
  last_seen_at: string | null;
}

/** Where a goal is mirrored: surface, destination and the purposes (board, gates, digest) it serves. */
export interface BindingTable {
  goal_id: string;
  surface: string;
  workspace: string | null;
  destination: string;
  /** Comma-separated purposes: `board,gates,digest`. */
  purposes: string;
  digest_at: string;
  digest_timezone: string;
  created_at: string;
  updated_at: string;
}

/** A card posted to a destination: its message reference and the hash of what it shows. */
export interface ProjectionTable {
  surface: string;
  destination: string;
  card_key: string;
  message_id: string;
  rendered_hash: string;
  revision_shown: number;
  sent_at: string;
}

/** A queued card render waiting to be sent; one row per card per destination (coalescing). */
export interface OutboxTable {
  surface: string;
  destination: string;
  card_key: string;
  card: string;
  card_hash: string;
  revision: number;
  priority: number;
  thread_of: string | null;
  version: number;
  attempts: number;
  next_at: string;
  state: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** The projector's position in the ledger. */
export interface ProjectorCursorTable {
  name: string;
  last_seq: number;
}

/** Inbound platform deliveries already handled. */
export interface InboundDedupeTable {
  surface: string;
  key: string;
  received_at: string;
}

/** One-time web board login links (hash only; single use; short expiry). */
export interface WebLoginTokenTable {
  token_hash: string;
  person_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Web board sessions (hash of the cookie value only). */
export interface WebSessionTable {
  session_hash: string;
  person_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** Every table, for kysely's types. */
export interface Tables {
  goals: GoalTable;
  people: PersonTable;
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
}
