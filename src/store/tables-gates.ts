// Tables of gates, quota and turns (migration 0002).

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
  /** The option a decision chose, for a gate asked with options (migration 0011). */
  decision_option: string | null;
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
  /** When the grant stops applying (migration 0011; default 30 days after it was made). */
  expires_at: string | null;
  revoked_reason: string | null;
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
