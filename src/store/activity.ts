import type { Store } from './db.js';
import type { EventRow } from './events.js';

/**
 * How many ledger events of each type a goal recorded at or after `since` (all of them when null). At-or-after,
 * because a command committed in the same millisecond as the previous heartbeat must not go unreported.
 */
export function countEventsSince(store: Store, goalId: string, since: string | null): Map<string, number> {
  let query = store.kysely
    .selectFrom('events')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
    .where('goal_id', '=', goalId)
    .groupBy('type');
  if (since !== null) query = query.where('at', '>=', since);
  return new Map(store.all(query).map((row) => [row.type, Number(row.count)]));
}

/** A goal's ledger events of the given types after `since`, oldest first. */
export function eventsOfTypeSince(store: Store, goalId: string, types: readonly string[], since: string | null): EventRow[] {
  let query = store.kysely.selectFrom('events').selectAll().where('goal_id', '=', goalId).where('type', 'in', types);
  if (since !== null) query = query.where('at', '>', since);
  return store.all(query.orderBy('seq'));
}

/** Evidence totals after `since`: counts per delivery outcome (`none` when unset) and reported usage. */
export interface EvidenceTotals {
  readonly byOutcome: ReadonlyMap<string, number>;
  readonly tokensIn: number;
  readonly tokensOut: number;
  /** Null when no evidence reported a cost. */
  readonly costUsd: number | null;
}

/** Sums a goal's evidence after `since`. */
export function evidenceTotalsSince(store: Store, goalId: string, since: string | null): EvidenceTotals {
  let query = store.kysely
    .selectFrom('evidence')
    .select((eb) => [
      'delivery_outcome',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number | null>('tokens_in').as('tokens_in'),
      eb.fn.sum<number | null>('tokens_out').as('tokens_out'),
      eb.fn.sum<number | null>('cost_usd').as('cost_usd'),
    ])
    .where('goal_id', '=', goalId)
    .groupBy('delivery_outcome');
  if (since !== null) query = query.where('created_at', '>', since);
  const rows = store.all(query);
  const costs = rows.map((r) => r.cost_usd).filter((c): c is number => c !== null);
  return {
    byOutcome: new Map(rows.map((r) => [r.delivery_outcome ?? 'none', Number(r.count)])),
    tokensIn: rows.reduce((sum, r) => sum + Number(r.tokens_in ?? 0), 0),
    tokensOut: rows.reduce((sum, r) => sum + Number(r.tokens_out ?? 0), 0),
    costUsd: costs.length === 0 ? null : costs.reduce((sum, c) => sum + Number(c), 0),
  };
}
