import { DEFAULT_QUOTA_POLICY, type QuotaPolicy } from '../kernel/quota.js';
import { sql } from 'kysely';
import type { Store } from './db.js';
import { prepared } from './prepared.js';
import type { QuotaLedgerTable } from './tables.js';

/** A spend or void row. */
export type QuotaLedgerRow = QuotaLedgerTable;

/** The goal's policy, or the default. */
export function selectQuotaPolicy(store: Store, goalId: string): QuotaPolicy {
  const row = store.first(store.kysely.selectFrom('quota_policies').selectAll().where('goal_id', '=', goalId));
  return row ? { allowedSlots: row.allowed_slots, windowHours: row.window_hours } : DEFAULT_QUOTA_POLICY;
}

/** Sets the goal's policy. */
export function upsertQuotaPolicy(store: Store, goalId: string, policy: QuotaPolicy, at: string): void {
  const values = { allowed_slots: policy.allowedSlots, window_hours: policy.windowHours, updated_at: at };
  store.run(store.kysely.insertInto('quota_policies').values({ goal_id: goalId, ...values }).onConflict((oc) => oc.column('goal_id').doUpdateSet(values)));
}

/** Appends a spend or a void. */
export function insertQuotaRow(store: Store, row: QuotaLedgerRow): void {
  store.run(store.kysely.insertInto('quota_ledger').values(row));
}

/** Spends (not voided) of a goal after `since`, oldest first. */
export function activeSpends(store: Store, goalId: string, since: string): QuotaLedgerRow[] {
  return store.all(
    store.kysely
      .selectFrom('quota_ledger as s')
      .selectAll('s')
      .where('s.goal_id', '=', goalId)
      .where('s.kind', '=', 'spend')
      .where('s.at', '>', since)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('quota_ledger as v').select('v.id').where('v.kind', '=', 'void').whereRef('v.voids_id', '=', 's.id'))))
      .orderBy('s.at'),
  );
}

// A literal, not a parameter: SQLite matches the partial indexes `WHERE kind = 'spend'` only against a literal
// (a bound value would make it re-plan the statement on every run).
const SPEND = sql.lit('spend');

const turnSpend = prepared('spend of turn', (db, p: { goalId: string; agentId: string; turnId: string }) =>
  db.selectFrom('quota_ledger').selectAll().where('kind', '=', SPEND).where('goal_id', '=', p.goalId).where('agent_id', '=', p.agentId).where('turn_id', '=', p.turnId),
);

/** The spend already recorded for a turn, if any. */
export function spendOfTurn(store: Store, goalId: string, agentId: string, turnId: string): QuotaLedgerRow | undefined {
  return store.first(turnSpend, { goalId, agentId, turnId });
}

const evidenceSpend = prepared('spend of evidence', (db, p: { evidenceId: string }) =>
  db.selectFrom('quota_ledger').selectAll().where('kind', '=', SPEND).where('evidence_id', '=', p.evidenceId),
);

/** The spend a piece of evidence caused, if any (read after every evidence write, for its answer). */
export function spendOfEvidence(store: Store, evidenceId: string): QuotaLedgerRow | undefined {
  return store.first(evidenceSpend, { evidenceId });
}

/** The void that corrects a spend, if any. */
export function voidOfSpend(store: Store, spendId: string): QuotaLedgerRow | undefined {
  return store.first(store.kysely.selectFrom('quota_ledger').selectAll().where('kind', '=', 'void').where('voids_id', '=', spendId));
}

/** One ledger row by id. */
export function selectQuotaRow(store: Store, id: string): QuotaLedgerRow | undefined {
  return store.first(store.kysely.selectFrom('quota_ledger').selectAll().where('id', '=', id));
}

/** A goal's spends and voids, newest first. */
export function selectQuotaRows(store: Store, goalId: string, limit = 50): QuotaLedgerRow[] {
  return store.all(store.kysely.selectFrom('quota_ledger').selectAll().where('goal_id', '=', goalId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit));
}

/** Usage reported on a goal's evidence, summed per agent (optionally since a time). */
export function sumUsage(store: Store, goalId: string, since?: string): { agentId: string | null; tokensIn: number; tokensOut: number; costUsd: number; evidence: number }[] {
  let query = store.kysely
    .selectFrom('evidence')
    .select((eb) => [
      'agent_id',
      eb.fn.coalesce(eb.fn.sum<number>('tokens_in'), eb.val(0)).as('tokens_in'),
      eb.fn.coalesce(eb.fn.sum<number>('tokens_out'), eb.val(0)).as('tokens_out'),
      eb.fn.coalesce(eb.fn.sum<number>('cost_usd'), eb.val(0)).as('cost_usd'),
      eb.fn.countAll<number>().as('evidence'),
    ])
    .where('goal_id', '=', goalId)
    .where((eb) => eb.or([eb('tokens_in', 'is not', null), eb('tokens_out', 'is not', null), eb('cost_usd', 'is not', null)]));
  if (since !== undefined) query = query.where('created_at', '>', since);
  return store
    .all(query.groupBy('agent_id').orderBy('agent_id'))
    .map((r) => ({ agentId: r.agent_id, tokensIn: Number(r.tokens_in), tokensOut: Number(r.tokens_out), costUsd: Number(r.cost_usd), evidence: Number(r.evidence) }));
}
