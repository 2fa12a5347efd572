import type { Evidence } from '../kernel/entities.js';
import type { DeliveryOutcome, EvidenceKind } from '../kernel/vocabulary.js';
import type { Store } from './db.js';
import { prepared } from './prepared.js';
import type { EvidenceTable } from './tables.js';

/** Maps a stored row to domain evidence. */
export function evidenceFromRow(row: EvidenceTable): Evidence {
  const hasUsage = row.tokens_in !== null || row.tokens_out !== null || row.cost_usd !== null;
  return {
    id: row.id,
    goalId: row.goal_id,
    todoId: row.todo_id,
    gateId: row.gate_id,
    agentId: row.agent_id,
    turnId: row.turn_id,
    kind: row.kind as EvidenceKind,
    summary: row.summary,
    url: row.url,
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
    deliveryOutcome: row.delivery_outcome as DeliveryOutcome | null,
    usage: hasUsage ? { tokensIn: row.tokens_in, tokensOut: row.tokens_out, costUsd: row.cost_usd } : null,
    createdAt: row.created_at,
  };
}

const insertRow = prepared('insert evidence', (db, row: EvidenceTable) => db.insertInto('evidence').values(row));

/** Inserts evidence. */
export function insertEvidence(store: Store, evidence: Evidence): void {
  store.run(insertRow, {
    id: evidence.id,
    goal_id: evidence.goalId,
    todo_id: evidence.todoId,
    gate_id: evidence.gateId,
    agent_id: evidence.agentId,
    turn_id: evidence.turnId,
    kind: evidence.kind,
    summary: evidence.summary,
    url: evidence.url,
    data: evidence.data === null || evidence.data === undefined ? null : JSON.stringify(evidence.data),
    delivery_outcome: evidence.deliveryOutcome,
    tokens_in: evidence.usage?.tokensIn ?? null,
    tokens_out: evidence.usage?.tokensOut ?? null,
    cost_usd: evidence.usage?.costUsd ?? null,
    created_at: evidence.createdAt,
  });
}

/** A goal's evidence (optionally about one todo), newest first. */
export function listEvidence(store: Store, goalId: string, limit = 50, todoId?: string): Evidence[] {
  let query = store.kysely.selectFrom('evidence').selectAll().where('goal_id', '=', goalId);
  if (todoId !== undefined) query = query.where('todo_id', '=', todoId);
  return store.all(query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit)).map(evidenceFromRow);
}

/** One piece of evidence by id. */
export function findEvidence(store: Store, id: string): Evidence | undefined {
  const row = store.first(store.kysely.selectFrom('evidence').selectAll().where('id', '=', id));
  return row ? evidenceFromRow(row) : undefined;
}

/**
 * The latest evidence that backs a gate: linked to it or to one of `todoIds` (at any time), else from the asking
 * agent up to `askedUpTo`. One indexed read, so what a gate card cites does not drift as other evidence arrives.
 */
export function latestBackingEvidence(store: Store, gate: { goalId: string; gateId: string; todoIds: readonly string[]; asker: string | null; askedUpTo: string }): Evidence | undefined {
  const base = store.kysely.selectFrom('evidence').selectAll().where('goal_id', '=', gate.goalId);
  const direct = store.first(
    base
      .where((eb) => eb.or([eb('gate_id', '=', gate.gateId), ...(gate.todoIds.length > 0 ? [eb('todo_id', 'in', gate.todoIds)] : [])]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
  );
  if (direct) return evidenceFromRow(direct);
  if (gate.asker === null) return undefined;
  const own = store.first(base.where('agent_id', '=', gate.asker).where('created_at', '<=', gate.askedUpTo).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1));
  return own ? evidenceFromRow(own) : undefined;
}
