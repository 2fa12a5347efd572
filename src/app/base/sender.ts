import { createHash } from 'node:crypto';
import { adoptBaseRecord, dueBaseRows, dueBaseTables, earliestBaseDue, holdBaseTable, markBaseApplied, markBaseCreateStarted, rescheduleBaseRow, type BaseRow, type BaseTableRef } from '../../store/base-rows.js';
import type { AppDeps } from '../deps.js';
import { createTokenBucket, type SurfaceLimits } from '../projection/limits.js';
import { backoffMs, MAX_SEND_ATTEMPTS } from '../projection/send-step.js';
import type { OutboxSender } from '../projection/sender.js';
import { BASE_BATCH_SIZE, type BaseApi, type BaseFailure, type BaseRecord } from './port.js';
import { listAllRecords } from './records.js';
import { schemaOfTable } from './schema.js';

/**
 * Base calls per app, kept under the documented limits: record writes allow 50 requests per second per app and
 * one write at a time per table (a concurrent write is refused with 1254291). We stay far below: one call at a
 * time, 10 at once, then 5 per second (300 per minute), so 10,000 rows (20 batches of 500) take seconds.
 */
export const BASE_LIMITS: Pick<SurfaceLimits, 'perMinute' | 'burst'> = { perMinute: 300, burst: 10 };

/** Sends owed row writes in batches, one table at a time; driven by the same send loop as cards. */
export type BaseSender = OutboxSender;

/** Called when an update named a record the Base no longer has: the reconciler finds which and restores it. */
export type OnRecordGone = (table: BaseTableRef) => Promise<void>;

/**
 * A uuid-shaped idempotency token for a create batch: a retry of the same rows (same fields, same first attempt)
 * gives the same token; a row created again after a person deleted it has a new version, so a new token.
 */
function clientTokenOf(rows: readonly BaseRow[]): string {
  const hex = createHash('sha256').update(rows.map((r) => `${r.todo_id}:${r.version}:${r.create_started_at}`).join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const fieldsOf = (row: BaseRow) => JSON.parse(row.fields) as Record<string, unknown>;

/**
 * Creates the sender. A row leaves the owed set only once the Base accepted it and its record id is stored, so a
 * restart resends nothing already applied; a create whose answer was lost is looked up by its LoopX id before
 * creating again, and a retried batch carries the same client_token, which the Base answers without creating twice.
 */
export function createBaseSender(deps: AppDeps, api: BaseApi, onRecordGone: OnRecordGone, limits = BASE_LIMITS): BaseSender {
  const { store, clock, logger } = deps;
  const bucket = createTokenBucket(limits, clock.now().getTime());
  let heldUntil = 0;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** Record ids by the LoopX id cell, read under the table's own name for it. */
  const byLoopxId = (table: BaseTableRef, records: readonly BaseRecord[]) => {
    const { F } = schemaOfTable(store, table);
    return new Map(records.map((r) => [String(r.fields[F.loopxId] ?? ''), r.recordId]));
  };

  function fail(table: BaseTableRef, rows: readonly BaseRow[], failure: BaseFailure): void {
    const nowMs = clock.now().getTime();
    if (failure.kind === 'rate_limited') {
      // Base limits are per app: hold every table, in memory, and this table in storage for a restart.
      heldUntil = Math.max(heldUntil, nowMs + failure.retryAfterMs);
      holdBaseTable(store, table, iso(heldUntil));
      return;
    }
    store.transaction(() => {
      for (const row of rows) {
        const dead = failure.kind === 'refused' || row.attempts + 1 >= MAX_SEND_ATTEMPTS;
        rescheduleBaseRow(store, row, { nextAt: iso(nowMs + backoffMs(row.attempts + 1)), error: failure.reason, dead }, iso(nowMs));
      }
    });
    logger.warn({ surface: 'lark_base', table: table.tableId, rows: rows.length, reason: failure.reason }, failure.kind === 'refused' ? 'Base refused the rows: parked until they change' : 'Base write failed: retrying');
  }

  /** Rows whose create may have reached the Base (answer lost): adopt the records that carry their LoopX id. */
  async function adoptEarlier(table: BaseTableRef, rows: readonly BaseRow[]): Promise<BaseRow[] | null> {
    if (!rows.some((r) => r.create_started_at !== null)) return [...rows];
    const listed = await listAllRecords(api, table);
    if (!listed.ok) return (fail(table, rows, listed), null);
    const byId = byLoopxId(table, listed.data);
    const at = iso(clock.now().getTime());
    store.transaction(() => rows.forEach((r) => byId.has(r.todo_id) && adoptBaseRecord(store, r, byId.get(r.todo_id)!, at)));
    return rows.filter((r) => !byId.has(r.todo_id));
  }

  /** Settles the rows the Base accepted; a row without a record id in the answer stays owed. */
  function applied(rows: readonly BaseRow[], recordIds: readonly (string | undefined)[]): number {
    const at = iso(clock.now().getTime());
    let settled = 0;
    store.transaction(() =>
      rows.forEach((row, i) => {
        const recordId = recordIds[i];
        if (recordId) (markBaseApplied(store, row, recordId, at), (settled += 1));
      }),
    );
    return settled;
  }

  async function createRows(table: BaseTableRef, due: readonly BaseRow[]): Promise<number> {
    const rows = await adoptEarlier(table, due);
    // Adopted rows are updated next round (their record may show an older render).
    if (rows === null || rows.length === 0) return 0;
    const at = iso(clock.now().getTime());
    markBaseCreateStarted(store, rows.filter((r) => r.create_started_at === null), at);
    const created = await api.batchCreate(table.appToken, table.tableId, rows.map(fieldsOf), clientTokenOf(rows.map((r) => ({ ...r, create_started_at: r.create_started_at ?? at }))));
    if (!created.ok) return (fail(table, rows, created), 0);
    const byId = byLoopxId(table, created.data);
    return applied(rows, rows.map((r, i) => byId.get(r.todo_id) ?? created.data[i]?.recordId));
  }

  async function updateRows(table: BaseTableRef, rows: readonly BaseRow[]): Promise<number> {
    const updated = await api.batchUpdate(table.appToken, table.tableId, rows.map((r) => ({ recordId: r.record_id ?? '', fields: fieldsOf(r) })));
    if (updated.ok) return applied(rows, rows.map((r) => r.record_id ?? undefined));
    if (updated.kind !== 'record_gone') return (fail(table, rows, updated), 0);
    // Someone deleted a record: the reconciler finds which and owes it a create. If it finds none, back off.
    await onRecordGone(table);
    const found = dueBaseRows(store, table, iso(clock.now().getTime()), BASE_BATCH_SIZE * 2).some((r) => r.record_id === null && rows.some((b) => b.todo_id === r.todo_id));
    if (!found) fail(table, rows, { kind: 'failed', code: null, reason: updated.reason });
    return 0;
  }

  /** One batch for one table (updates first, then creates); answers false when out of budget. */
  async function sendBatch(table: BaseTableRef, report: { calls: number; sent: number }): Promise<boolean> {
    const nowMs = clock.now().getTime();
    if (nowMs < heldUntil || !bucket.take(nowMs)) return false;
    const rows = dueBaseRows(store, table, iso(nowMs), BASE_BATCH_SIZE * 2);
    const updates = rows.filter((r) => r.record_id !== null).slice(0, BASE_BATCH_SIZE);
    report.calls += 1;
    report.sent += updates.length > 0 ? await updateRows(table, updates) : await createRows(table, rows.slice(0, BASE_BATCH_SIZE));
    return true;
  }

  return {
    async runDue() {
      const report = { calls: 0, sent: 0 };
      for (;;) {
        const tables = dueBaseTables(store, iso(clock.now().getTime()));
        if (tables.length === 0) return report;
        // Tables one after another: the Base refuses concurrent writes to one table, and the app budget is shared.
        for (const table of tables) if (!(await sendBatch(table, report))) return report;
      }
    },
    nextDueInMs() {
      const next = earliestBaseDue(store);
      if (next === undefined) return null;
      const nowMs = clock.now().getTime();
      return Math.max(0, Date.parse(next) - nowMs, heldUntil - nowMs, bucket.readyAt(nowMs) - nowMs);
    },
  };
}
