import type { Store } from './db.js';
import type { BaseRowTable, LarkBaseTable } from './tables-base.js';

/** A goal bound to a Base table. */
export type LarkBaseRow = LarkBaseTable;
/** A todo's row in a bound table. */
export type BaseRow = BaseRowTable;

/** Which table a row lives in. */
export interface BaseTableRef {
  readonly appToken: string;
  readonly tableId: string;
}

/** Records (or refreshes) a goal's binding to a Base table, in the table's language. */
export function upsertLarkBase(store: Store, base: { goalId: string; appToken: string; tableId: string; name: string; locale: string }, at: string): void {
  store.run(
    store.kysely
      .insertInto('lark_bases')
      .values({ goal_id: base.goalId, app_token: base.appToken, table_id: base.tableId, name: base.name, locale: base.locale, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['goal_id', 'app_token', 'table_id']).doUpdateSet({ name: base.name, locale: base.locale, updated_at: at })),
  );
}

/** The stored language of a bound table (its first binding's; null: bound before tables had one, English), or undefined when unbound. */
export function baseTableLocale(store: Store, ref: BaseTableRef): string | null | undefined {
  return store.first(store.kysely.selectFrom('lark_bases').select('locale').where('app_token', '=', ref.appToken).where('table_id', '=', ref.tableId).orderBy('created_at'))?.locale;
}

/** Base bindings, optionally of one goal, oldest first. */
export function listLarkBases(store: Store, goalId?: string): LarkBaseRow[] {
  let query = store.kysely.selectFrom('lark_bases').selectAll();
  if (goalId !== undefined) query = query.where('goal_id', '=', goalId);
  return store.all(query.orderBy('created_at').orderBy('goal_id').orderBy('table_id'));
}

const inTable = (ref: BaseTableRef) => ({ app_token: ref.appToken, table_id: ref.tableId });

/**
 * Records the fields a todo's row should show. A want equal to the current one changes nothing; a new one
 * makes the row pending (unless the Base already shows exactly it) and bumps its version. Answers whether the row
 * is now owed a write it was not owed before, or owed a different one.
 */
export function setWant(store: Store, ref: BaseTableRef, row: { todoId: string; goalId: string; fields: string; hash: string }, at: string, dueAt: string = at): boolean {
  const current = store.first(store.kysely.selectFrom('base_rows').select(['want_hash', 'applied_hash', 'pending']).where('app_token', '=', ref.appToken).where('table_id', '=', ref.tableId).where('todo_id', '=', row.todoId));
  if (current?.want_hash === row.hash) return false;
  const pending = current?.applied_hash === row.hash ? 0 : 1;
  store.run(
    store.kysely
      .insertInto('base_rows')
      .values({ ...inTable(ref), todo_id: row.todoId, goal_id: row.goalId, record_id: null, fields: row.fields, want_hash: row.hash, applied_hash: null, pending, version: 1, attempts: 0, next_at: dueAt, create_started_at: null, last_error: null, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['app_token', 'table_id', 'todo_id']).doUpdateSet((eb) => ({
          fields: row.fields,
          want_hash: row.hash,
          pending,
          version: eb('base_rows.version', '+', 1),
          // A row already owed a write keeps its place and backoff; one that was settled is due after the window.
          next_at: current?.pending === 1 ? eb.ref('base_rows.next_at') : dueAt,
          updated_at: at,
        })),
      ),
  );
  return pending === 1;
}

/** Tables with rows owed a write that are due at `at`, longest waiting first. */
export function dueBaseTables(store: Store, at: string): BaseTableRef[] {
  return store
    .all(store.kysely.selectFrom('base_rows').select(['app_token', 'table_id']).where('pending', '=', 1).where('next_at', '<=', at).groupBy(['app_token', 'table_id']).orderBy((eb) => eb.fn.min('next_at')))
    .map((r) => ({ appToken: r.app_token, tableId: r.table_id }));
}

/**
 * A due table's rows to send now, oldest first, at most `limit`: those due at `at`, and with them rows still in
 * their coalescing window (never tried yet), so one batch carries every change made meanwhile. Rows waiting out
 * a backoff after a failure wait their turn.
 */
export function dueBaseRows(store: Store, ref: BaseTableRef, at: string, limit: number): BaseRow[] {
  return store.all(
    store.kysely
      .selectFrom('base_rows')
      .selectAll()
      .where('pending', '=', 1)
      .where('app_token', '=', ref.appToken)
      .where('table_id', '=', ref.tableId)
      .where((eb) => eb.or([eb('next_at', '<=', at), eb('attempts', '=', 0)]))
      .orderBy('next_at')
      .orderBy('todo_id')
      .limit(limit),
  );
}

/** The earliest time a pending row becomes due, if any. */
export function earliestBaseDue(store: Store): string | undefined {
  return store.first(store.kysely.selectFrom('base_rows').select((eb) => eb.fn.min('next_at').as('next')).where('pending', '=', 1))?.next ?? undefined;
}

/** Every row of a table LoopX owns (what the reconciler compares with the Base). */
export function baseRowsOf(store: Store, ref: BaseTableRef): BaseRow[] {
  return store.all(store.kysely.selectFrom('base_rows').selectAll().where('app_token', '=', ref.appToken).where('table_id', '=', ref.tableId).orderBy('todo_id'));
}

type RowKey = Pick<BaseRow, 'app_token' | 'table_id' | 'todo_id'>;
const byKey = (row: RowKey) => (eb: any) => eb.and([eb('app_token', '=', row.app_token), eb('table_id', '=', row.table_id), eb('todo_id', '=', row.todo_id)]);

/** The Base accepted `row` as sent (its version then): record its id, and settle it unless a newer want arrived meanwhile. */
export function markBaseApplied(store: Store, row: Pick<BaseRow, 'app_token' | 'table_id' | 'todo_id' | 'version' | 'want_hash'>, recordId: string, at: string): void {
  store.run(store.kysely.updateTable('base_rows').set({ record_id: recordId, applied_hash: row.want_hash, create_started_at: null, updated_at: at }).where(byKey(row)));
  store.run(store.kysely.updateTable('base_rows').set({ pending: 0, attempts: 0, last_error: null }).where(byKey(row)).where('version', '=', row.version));
}

/** Notes that a create of these rows is about to be sent (a restart then looks for them before creating again). */
export function markBaseCreateStarted(store: Store, rows: readonly RowKey[], at: string): void {
  for (const row of rows) store.run(store.kysely.updateTable('base_rows').set({ create_started_at: at }).where(byKey(row)));
}

/** Adopts a record found in the Base as the row's record (a create whose answer was lost). */
export function adoptBaseRecord(store: Store, row: RowKey, recordId: string, at: string): void {
  store.run(store.kysely.updateTable('base_rows').set({ record_id: recordId, create_started_at: null, updated_at: at }).where(byKey(row)));
}

/** A write failed: try again at `nextAt` (or park the row when `dead`, until its next want). */
export function rescheduleBaseRow(store: Store, row: RowKey & Pick<BaseRow, 'attempts'>, change: { nextAt: string; error: string; dead: boolean }, at: string): void {
  store.run(
    store.kysely
      .updateTable('base_rows')
      .set({ attempts: row.attempts + 1, next_at: change.nextAt, last_error: change.error, pending: change.dead ? 2 : 1, updated_at: at })
      .where(byKey(row)),
  );
}

/** A rate limit: no row of the table is sent before `until`. */
export function holdBaseTable(store: Store, ref: BaseTableRef, until: string): void {
  store.run(store.kysely.updateTable('base_rows').set({ next_at: until }).where('app_token', '=', ref.appToken).where('table_id', '=', ref.tableId).where('pending', '=', 1).where('next_at', '<', until));
}

/** The Base shows something else than the row's last write (edited or deleted by hand): owe it a write now (a new version). */
export function markBaseDrift(store: Store, row: RowKey, recordGone: boolean, at: string): void {
  store.run(
    store.kysely
      .updateTable('base_rows')
      .set((eb) => ({ applied_hash: null, pending: 1, attempts: 0, next_at: at, version: eb('version', '+', 1), ...(recordGone ? { record_id: null, create_started_at: null } : {}), updated_at: at }))
      .where(byKey(row)),
  );
}

/** How many rows are owed a write, and how many are parked after repeated refusals. */
export function baseRowCounts(store: Store): { pending: number; dead: number } {
  const rows = store.all(store.kysely.selectFrom('base_rows').select(['pending', (eb) => eb.fn.countAll<number>().as('n')]).where('pending', '>', 0).groupBy('pending'));
  return { pending: rows.find((r) => r.pending === 1)?.n ?? 0, dead: rows.find((r) => r.pending === 2)?.n ?? 0 };
}

/** The newest evidence URL of each todo of a goal, or of the todos listed (only todos that have one). */
export function latestEvidenceUrls(store: Store, goalId: string, todoIds?: readonly string[]): Map<string, string> {
  let query = store.kysely
    .selectFrom('evidence')
    .select(['todo_id', 'url', (eb) => eb.fn.max('created_at').as('at')])
    .where('goal_id', '=', goalId)
    .where('todo_id', 'is not', null)
    .where('url', 'is not', null);
  if (todoIds !== undefined) query = query.where('todo_id', 'in', todoIds.length > 0 ? [...todoIds] : ['']);
  const rows = store.all(query.groupBy('todo_id'));
  return new Map(rows.map((r) => [r.todo_id ?? '', r.url ?? '']));
}

/** Gives a table's parked rows another try (after a fix: a field restored, the app given access again). */
export function reviveParkedBaseRows(store: Store, ref: BaseTableRef, at: string): number {
  return store.run(store.kysely.updateTable('base_rows').set({ pending: 1, attempts: 0, next_at: at, updated_at: at }).where('app_token', '=', ref.appToken).where('table_id', '=', ref.tableId).where('pending', '=', 2));
}

/** Ids of a goal's unfinished todos an agent has claimed (their lane moves when the agent reports or goes quiet). */
export function todosHeldBy(store: Store, goalId: string, agentId: string): string[] {
  return store
    .all(store.kysely.selectFrom('todos').select('id').where('goal_id', '=', goalId).where('claimed_by', '=', agentId).where('base_lane', '=', 'leased'))
    .map((r) => r.id);
}
