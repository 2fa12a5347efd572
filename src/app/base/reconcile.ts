import { ok } from '../../kernel/result.js';
import { findPersonByChatUser, findPersonByIdentity } from '../../store/people.js';
import { baseRowsOf, listLarkBases, markBaseDrift, reviveParkedBaseRows, type BaseRow, type BaseTableRef } from '../../store/base-rows.js';
import type { Store } from '../../store/db.js';
import { findTodo } from '../../store/todos.js';
import type { AppDeps } from '../deps.js';
import { markUserActionDone } from '../work/user-actions.js';
import { runWrite } from '../write.js';
import type { BaseApi, BaseRecord } from './port.js';
import { getSomeRecords, listAllRecords } from './records.js';
import { canonicalCell, driftedFields, schemaOfTable, type BaseSchema } from './schema.js';
import { ensureBaseFields } from './setup.js';

/** What one reconcile of a table found. */
export interface BaseReconcileReport {
  /** Rows deleted by hand, owed a create again. */
  readonly restored: number;
  /** Rows whose LoopX fields were edited by hand, owed a write back. */
  readonly reverted: number;
  /** Moves accepted as a person's request (a user action moved to Done by someone it waits on). */
  readonly accepted: number;
}

interface Drift {
  readonly row: BaseRow;
  readonly fields: readonly string[];
  readonly record: BaseRecord | null;
}

const BASE_ACTOR = { kind: 'system', id: 'lark-base' } as const;

function goalsOfTable(store: Store, table: BaseTableRef): string[] {
  return [...new Set(listLarkBases(store).filter((b) => b.app_token === table.appToken && b.table_id === table.tableId).map((b) => b.goal_id))];
}
/** At most this many rows are named in one audit event (the count is always exact). */
const NAMED = 50;

/**
 * A person's move LoopX can validate: a user action moved from User Gate to Done (and nothing else changed) by
 * a person linked on Lark. markUserActionDone then checks they are one the to-do waits on, like a Done button.
 * The lane is read under the table's own names (等待审批 → 已完成 in a Chinese table).
 */
function requester(deps: AppDeps, schema: BaseSchema, drift: Drift): string | null {
  const { F, lanes } = schema;
  const wanted = JSON.parse(drift.row.fields) as Record<string, unknown>;
  const moved = drift.fields.length === 1 && drift.fields[0] === F.lane && wanted[F.lane] === lanes.user_gate;
  if (!moved || !drift.record?.lastModifiedBy || canonicalCell(schema, F.lane, drift.record.fields[F.lane]) !== lanes.done) return null;
  const openId = drift.record.lastModifiedBy;
  return (findPersonByChatUser(deps.store, 'lark', openId) ?? findPersonByIdentity(deps.store, 'lark', openId))?.id ?? null;
}

function audit(deps: AppDeps, type: 'base.row_restored' | 'base.row_reverted', table: BaseTableRef, drifts: readonly Drift[]): void {
  const byGoal = new Map<string, Drift[]>();
  for (const d of drifts) byGoal.set(d.row.goal_id, [...(byGoal.get(d.row.goal_id) ?? []), d]);
  runWrite(deps, { actor: BASE_ACTOR, command: 'base.reconcile', request: { type, table: table.tableId } }, (ctx) => {
    for (const d of drifts) markBaseDrift(ctx.store, d.row, type === 'base.row_restored', ctx.at);
    for (const [goalId, list] of byGoal) {
      const rows = list.slice(0, NAMED).map((d) => ({ todo_id: d.row.todo_id, title: findTodo(ctx.store, d.row.todo_id)?.text ?? '', ...(type === 'base.row_reverted' ? { fields: d.fields } : {}) }));
      ctx.event({ goalId, type, payload: { app_token: table.appToken, table_id: table.tableId, count: list.length, rows } });
    }
    return ok(null);
  });
}

/**
 * Compares a table with what LoopX last wrote to it and repairs drift: a row deleted by hand is created again, a
 * LoopX field edited by hand is written back (a person's edit is a request, not truth), except a user action a
 * person it waits on moved to Done, which completes it. Each repair is recorded in the ledger. Rows LoopX does
 * not own (no known LoopX id) and fields it does not own are never touched. With `recordIds` (a Base change
 * event named them) only those records are read and compared.
 */
export async function reconcileBaseTable(deps: AppDeps, api: BaseApi, table: BaseTableRef, recordIds?: readonly string[]): Promise<BaseReconcileReport | null> {
  const read = recordIds === undefined ? await listAllRecords(api, table) : await getSomeRecords(api, table, recordIds);
  if (!read.ok) {
    deps.logger.warn({ surface: 'lark_base', table: table.tableId, reason: read.reason }, 'Base reconcile could not read the table');
    return null;
  }
  const records = new Map(read.data.map((r) => [r.recordId, r]));
  const asked = recordIds === undefined ? null : new Set(recordIds);
  const schema = schemaOfTable(deps.store, table);
  const gone: Drift[] = [];
  const edited: Drift[] = [];
  let accepted = 0;
  for (const row of baseRowsOf(deps.store, table).filter((r) => r.record_id !== null && (asked === null || asked.has(r.record_id)))) {
    const record = records.get(row.record_id ?? '') ?? null;
    if (record === null) {
      gone.push({ row, fields: [], record });
      continue;
    }
    // A row owed a write is not compared: that write repairs it anyway.
    if (row.pending !== 0) continue;
    const fields = driftedFields(schema, JSON.parse(row.fields) as Record<string, unknown>, record.fields);
    if (fields.length === 0) continue;
    const drift = { row, fields, record };
    const person = requester(deps, schema, drift);
    if (person !== null && markUserActionDone(deps, { actor: { kind: 'person', id: person } }, row.todo_id, 'lark').ok) accepted += 1;
    else edited.push(drift);
  }
  if (gone.length > 0) audit(deps, 'base.row_restored', table, gone);
  if (edited.length > 0) audit(deps, 'base.row_reverted', table, edited);
  return { restored: gone.length, reverted: edited.length, accepted };
}

/**
 * The reconciler's whole pass over one table: put back LoopX fields a person deleted (`base.fields_restored`),
 * give parked rows another try, then compare every row.
 */
export async function repairBaseTable(deps: AppDeps, api: BaseApi, table: BaseTableRef): Promise<BaseReconcileReport | null> {
  const fields = await ensureBaseFields(api, schemaOfTable(deps.store, table), table.appToken, table.tableId);
  if (!fields.ok) deps.logger.warn({ surface: 'lark_base', table: table.tableId, reason: fields.error.message }, 'Base reconcile could not check the fields');
  const added = fields.ok ? fields.value.added : [];
  runWrite(deps, { actor: BASE_ACTOR, command: 'base.repair_fields', request: { table: table.tableId, added } }, (ctx) => {
    reviveParkedBaseRows(ctx.store, table, ctx.at);
    if (added.length > 0) for (const goalId of goalsOfTable(ctx.store, table)) ctx.event({ goalId, type: 'base.fields_restored', payload: { app_token: table.appToken, table_id: table.tableId, fields: added } });
    return ok(null);
  });
  return reconcileBaseTable(deps, api, table);
}
