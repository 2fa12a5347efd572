import { z } from 'zod';
import type { EscalationStep, Gate, GateRisk, GateState, OnExpire } from '../kernel/gate.js';
import type { Origin } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import type { GateTable } from './tables.js';

const StringList = z.array(z.string());

type Vote = { personId: string; at: string };

/** Current-revision votes of many gates in one query (a query per gate made a 1,000-gate status take ~0.4 s). */
function votesOf(store: Store, rows: readonly Pick<GateTable, 'id' | 'revision'>[]): Map<string, Vote[]> {
  const byGate = new Map<string, Vote[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return byGate;
  const revisions = new Map(rows.map((row) => [row.id, row.revision]));
  const votes = store.all(
    store.kysely.selectFrom('gate_votes').select(['gate_id', 'revision', 'person_id', 'at']).where('gate_id', 'in', [...revisions.keys()]).orderBy('at').orderBy('person_id'),
  );
  for (const vote of votes) {
    if (revisions.get(vote.gate_id) === vote.revision) byGate.get(vote.gate_id)?.push({ personId: vote.person_id, at: vote.at });
  }
  return byGate;
}

/** Maps a stored row (and its current-revision votes) to the domain gate; JSON columns are validated on read. */
export function gateFromRow(row: GateTable, votes: readonly Vote[]): Gate {
  const decision =
    row.decision_outcome !== null && row.decided_by !== null && row.decided_at !== null
      ? { outcome: row.decision_outcome as GateState, by: row.decided_by, via: (row.decided_via ?? 'system') as Origin, reason: row.decision_reason, at: row.decided_at, revision: row.decided_revision ?? row.revision, option: row.decision_option }
      : null;
  return {
    id: row.id,
    goalId: row.goal_id,
    question: row.question,
    context: row.context,
    options: StringList.parse(JSON.parse(row.options)),
    risk: row.risk as GateRisk,
    requestedBy: row.requested_by,
    blocks: { agent: row.blocks_agent, todoIds: StringList.parse(JSON.parse(row.blocks_todo_ids)), global: row.blocks_global === 1 },
    decisionScope: row.decision_scope,
    policy: { approvers: row.approvers === null ? null : StringList.parse(JSON.parse(row.approvers)), quorum: row.quorum, allowSelfApproval: row.allow_self_approval === 1 },
    state: row.state as GateState,
    revision: row.revision,
    expiresAt: row.expires_at,
    onExpire: row.on_expire as OnExpire,
    deferredUntil: row.deferred_until,
    escalation: row.escalation as EscalationStep | null,
    grantId: row.grant_id,
    decision,
    votes: [...votes],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Inserts a new gate (pending, revision 1, or already approved by a standing grant). */
export function insertGate(store: Store, gate: Gate): void {
  store.run(
    store.kysely.insertInto('gates').values({
      id: gate.id,
      goal_id: gate.goalId,
      question: gate.question,
      context: gate.context,
      options: JSON.stringify(gate.options),
      risk: gate.risk,
      requested_by: gate.requestedBy,
      blocks_agent: gate.blocks.agent,
      blocks_todo_ids: JSON.stringify(gate.blocks.todoIds),
      blocks_global: gate.blocks.global ? 1 : 0,
      decision_scope: gate.decisionScope,
      approvers: gate.policy.approvers === null ? null : JSON.stringify(gate.policy.approvers),
      quorum: gate.policy.quorum,
      allow_self_approval: gate.policy.allowSelfApproval ? 1 : 0,
      state: gate.state,
      revision: gate.revision,
      expires_at: gate.expiresAt,
      on_expire: gate.onExpire,
      deferred_until: gate.deferredUntil,
      escalation: gate.escalation,
      decision_outcome: gate.decision?.outcome ?? null,
      decided_by: gate.decision?.by ?? null,
      decided_via: gate.decision?.via ?? null,
      decision_reason: gate.decision?.reason ?? null,
      decided_at: gate.decision?.at ?? null,
      decided_revision: gate.decision?.revision ?? null,
      decision_option: gate.decision?.option ?? null,
      grant_id: gate.grantId,
      created_at: gate.createdAt,
      updated_at: gate.updatedAt,
    }),
  );
}

/** Reads one gate. */
export function selectGate(store: Store, id: string): Gate | undefined {
  const row = store.first(store.kysely.selectFrom('gates').selectAll().where('id', '=', id));
  return row ? gateFromRow(row, votesOf(store, [row]).get(row.id) ?? []) : undefined;
}

/** Gates, optionally of one goal, in some states and only the oldest `limit`, oldest first. */
export function selectGates(
  store: Store,
  filter: { goalId?: string | undefined; states?: readonly GateState[] | undefined; requestedBy?: string | undefined; limit?: number } = {},
): Gate[] {
  let query = store.kysely.selectFrom('gates').selectAll();
  if (filter.goalId !== undefined) query = query.where('goal_id', '=', filter.goalId);
  if (filter.requestedBy !== undefined) query = query.where('requested_by', '=', filter.requestedBy);
  if (filter.states && filter.states.length > 0) query = query.where('state', 'in', filter.states);
  query = query.orderBy('created_at').orderBy('id');
  const rows = store.all(filter.limit === undefined ? query : query.limit(filter.limit));
  const votes = votesOf(store, rows);
  return rows.map((row) => gateFromRow(row, votes.get(row.id) ?? []));
}

/** How many of a goal's gates are in these states. */
export function countGates(store: Store, goalId: string, states: readonly GateState[]): number {
  const row = store.first(store.kysely.selectFrom('gates').select((eb) => eb.fn.countAll<number>().as('n')).where('goal_id', '=', goalId).where('state', 'in', states));
  return row?.n ?? 0;
}

/** An approval policy and the asker it applies to: all that decides who may approve a gate. */
export interface PolicyRow {
  readonly goalId: string;
  readonly requestedBy: string;
  readonly policy: { readonly approvers: readonly string[] | null; readonly allowSelfApproval: boolean };
}

/** The distinct approval policies (and askers) among a goal's pending gates, in the order their oldest gate was asked. */
export function selectPendingPolicies(store: Store, goalId: string): PolicyRow[] {
  const rows = store.all(
    store.kysely
      .selectFrom('gates')
      .select(['approvers', 'allow_self_approval', 'requested_by', (eb) => eb.fn.min('created_at').as('oldest')])
      .where('goal_id', '=', goalId)
      .where('state', '=', 'pending')
      .groupBy(['approvers', 'allow_self_approval', 'requested_by'])
      .orderBy('oldest'),
  );
  return rows.map((row) => policyFromRow(goalId, row));
}

/** The approval policy of a stored gate row. */
export function policyFromRow(goalId: string, row: Pick<GateTable, 'approvers' | 'allow_self_approval' | 'requested_by'>): PolicyRow {
  return { goalId, requestedBy: row.requested_by, policy: { approvers: row.approvers === null ? null : StringList.parse(JSON.parse(row.approvers)), allowSelfApproval: row.allow_self_approval === 1 } };
}

/** Reads the gates with these ids (with their votes), oldest first. */
export function selectGatesById(store: Store, ids: readonly string[]): Gate[] {
  if (ids.length === 0) return [];
  const rows = store.all(store.kysely.selectFrom('gates').selectAll().where('id', 'in', ids).orderBy('created_at').orderBy('id'));
  const votes = votesOf(store, rows);
  return rows.map((row) => gateFromRow(row, votes.get(row.id) ?? []));
}

/** The columns a transition may change. */
export type GateChange = Partial<Pick<GateTable, 'state' | 'question' | 'context' | 'options' | 'expires_at' | 'deferred_until' | 'escalation' | 'decision_outcome' | 'decided_by' | 'decided_via' | 'decision_reason' | 'decided_at' | 'decided_revision' | 'decision_option'>>;

/**
 * The one conditional UPDATE every transition goes through: it applies only if the gate is still in `fromState`
 * at `fromRevision`, so exactly one of several concurrent decisions wins. Returns whether it applied.
 */
export function transitionGate(store: Store, id: string, from: { state: GateState; revision: number }, change: GateChange, bumpRevision: boolean, at: string): boolean {
  const changed = store.run(
    store.kysely
      .updateTable('gates')
      .set((eb) => ({ ...change, revision: bumpRevision ? eb('revision', '+', 1) : eb.ref('revision'), updated_at: at }))
      .where('id', '=', id)
      .where('state', '=', from.state)
      .where('revision', '=', from.revision),
  );
  return changed === 1;
}

/** Records one approval vote per person per revision; false when that person already voted. */
export function insertVote(store: Store, vote: { gateId: string; revision: number; personId: string; via: Origin; at: string }): boolean {
  const changed = store.run(
    store.kysely
      .insertInto('gate_votes')
      .values({ gate_id: vote.gateId, revision: vote.revision, person_id: vote.personId, via: vote.via, at: vote.at })
      .onConflict((oc) => oc.doNothing()),
  );
  return changed === 1;
}

/** Open gates whose own clock acts: a `deny`/`cancel` expiry, or the end of a deferral. */
function clockedGates(store: Store) {
  return store.kysely.selectFrom('gates').where('state', 'in', ['pending', 'deferred']);
}

/** The earliest moment an open gate's clock acts (an ending expiry or a deferral's end), or null when none will. */
export function nextGateDeadline(store: Store): string | null {
  const expiry = store.first(clockedGates(store).select((eb) => eb.fn.min('expires_at').as('at')).where('expires_at', 'is not', null).where('on_expire', '!=', 'keep_waiting'));
  const wake = store.first(clockedGates(store).select((eb) => eb.fn.min('deferred_until').as('at')).where('state', '=', 'deferred').where('deferred_until', 'is not', null));
  const times = [expiry?.at, wake?.at].filter((t): t is string => typeof t === 'string');
  return times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/** The goals with an open gate whose clock has acted by `at`. */
export function goalsWithDueGates(store: Store, at: string): string[] {
  const rows = store.all(
    clockedGates(store)
      .select('goal_id')
      .distinct()
      .where((eb) => eb.or([eb.and([eb('expires_at', '<=', at), eb('on_expire', '!=', 'keep_waiting')]), eb.and([eb('state', '=', 'deferred'), eb('deferred_until', '<=', at)])])),
  );
  return rows.map((row) => row.goal_id);
}

/** Gates `requestedBy` asked on a goal that were settled after `since` (ever, when null), newest first, at most `limit`. */
export function selectAnsweredGates(store: Store, goalId: string, requestedBy: string, since: string | null, limit: number): Gate[] {
  let query = store.kysely.selectFrom('gates').selectAll().where('goal_id', '=', goalId).where('requested_by', '=', requestedBy).where('state', 'in', ['approved', 'rejected', 'expired', 'cancelled']);
  if (since !== null) query = query.where('decided_at', '>', since);
  const rows = store.all(query.orderBy('decided_at', 'desc').orderBy('id').limit(limit));
  const votes = votesOf(store, rows);
  return rows.map((row) => gateFromRow(row, votes.get(row.id) ?? []));
}
