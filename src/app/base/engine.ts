import { listLarkBases, type BaseTableRef } from '../../store/base-rows.js';
import type { AppDeps, CommitListener } from '../deps.js';
import { createSendLoop, RECONCILE_EVERY_MS, timerScheduler, type Scheduler } from '../projection/engine.js';
import type { BaseApi } from './port.js';
import { createBaseProjector, type BaseProjector } from './projector.js';
import { reconcileBaseTable, repairBaseTable, type BaseReconcileReport } from './reconcile.js';
import { BASE_LIMITS, createBaseSender, type BaseSender } from './sender.js';

/** The Base projection: ledger → owed row writes → batched Base calls, with a reconciler for drift. */
export interface BaseEngine {
  readonly projector: BaseProjector;
  readonly sender: BaseSender;
  start(): void;
  /** Catches up with the ledger and wakes the sender (after any commit, ours or another process's). */
  kick(): void;
  idle(): Promise<void>;
  /** Re-renders every row and compares every bound table with the Base now; answers what each table needed (never rejects). */
  reconcile(): Promise<BaseReconcileReport[]>;
  /**
   * A Base change event named these records (a person, or LoopX itself, edited them): once the table has been
   * quiet for CHANGE_SETTLE_MS, read just those records and repair or accept what changed.
   */
  recordsChanged(table: BaseTableRef, recordIds: readonly string[]): void;
  stop(): void;
}

/** What the engine is built from (the same scheduler and sender role as the card engine). */
export interface BaseEngineOptions {
  readonly scheduler?: Scheduler;
  readonly maySend?: () => boolean;
  readonly limits?: typeof BASE_LIMITS;
}

function boundTables(deps: AppDeps): BaseTableRef[] {
  const seen = new Map<string, BaseTableRef>();
  for (const b of listLarkBases(deps.store)) seen.set(`${b.app_token}/${b.table_id}`, { appToken: b.app_token, tableId: b.table_id });
  return [...seen.values()];
}

/** How long a table must be quiet after a change event before its changed records are read (edits come in bursts). */
export const CHANGE_SETTLE_MS = 2_000;

/** Builds the Base engine and subscribes it to commits; only the server holding the sender role writes or repairs. */
export function createBaseEngine(deps: AppDeps, api: BaseApi, options: BaseEngineOptions = {}): BaseEngine {
  const scheduler = options.scheduler ?? timerScheduler;
  const maySend = options.maySend ?? (() => true);
  const projector = createBaseProjector(deps.store, deps.clock);
  const repair = (table: BaseTableRef) => reconcileBaseTable(deps, api, table).then(() => undefined);
  const sender = createBaseSender(deps, api, repair, options.limits);
  const loop = createSendLoop(sender, scheduler, deps.logger, maySend);
  let cancelReconcile: (() => void) | null = null;
  let reconciling: Promise<BaseReconcileReport[]> | null = null;
  const kick = () => {
    projector.catchUp();
    loop.kick();
  };
  // While no table is bound anywhere, a commit passes by without a transaction (there is nothing to project). The
  // first `base.bound` starts the projector at itself: every earlier event is about goals no table showed.
  let active = listLarkBases(deps.store).length > 0;
  const onCommit: CommitListener = (events) => {
    if (!active) {
      const bound = events.find((e) => e.type === 'base.bound');
      if (!bound) return;
      active = true;
      projector.skipTo(bound.seq - 1);
    }
    kick();
  };
  async function reconcileAll(): Promise<BaseReconcileReport[]> {
    projector.refresh();
    const reports: BaseReconcileReport[] = [];
    for (const table of boundTables(deps)) {
      const report = await repairBaseTable(deps, api, table);
      if (report) reports.push(report);
    }
    kick();
    return reports;
  }
  // Never rejects (callers fire and forget it): a failure is logged and the next pass tries again.
  const reconcile = () =>
    (reconciling ??= reconcileAll()
      .catch((error: unknown) => (deps.logger.error({ surface: 'lark_base', error: String(error) }, 'Base reconcile failed'), []))
      .finally(() => (reconciling = null)));
  const reconcileLoop = () => {
    if (maySend()) void reconcile();
    cancelReconcile = scheduler.schedule(RECONCILE_EVERY_MS, reconcileLoop);
  };
  const changed = new Map<string, { table: BaseTableRef; ids: Set<string>; cancel: () => void }>();
  const checks = new Set<Promise<void>>();
  function recordsChanged(table: BaseTableRef, recordIds: readonly string[]): void {
    const key = `${table.appToken}/${table.tableId}`;
    if (!maySend() || recordIds.length === 0 || !boundTables(deps).some((t) => `${t.appToken}/${t.tableId}` === key)) return;
    const entry = changed.get(key);
    entry?.cancel();
    const ids = new Set([...(entry?.ids ?? []), ...recordIds]);
    const cancel = scheduler.schedule(CHANGE_SETTLE_MS, () => {
      changed.delete(key);
      const check = reconcileBaseTable(deps, api, table, [...ids])
        .then(kick)
        .catch((error: unknown) => deps.logger.error({ surface: 'lark_base', error: String(error) }, 'Base change check failed'))
        .finally(() => checks.delete(check));
      checks.add(check);
    });
    changed.set(key, { table, ids, cancel });
  }
  deps.commitListeners.push(onCommit);
  return {
    recordsChanged,
    projector,
    sender,
    start() {
      kick();
      reconcileLoop();
    },
    kick,
    // Resolves once no reconcile, change check or send pass is running.
    async idle() {
      while (reconciling || checks.size > 0) await Promise.all([reconciling, ...checks]);
      await loop.idle();
    },
    reconcile,
    stop() {
      loop.stop();
      cancelReconcile?.();
      for (const entry of changed.values()) entry.cancel();
      const index = deps.commitListeners.indexOf(onCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}
