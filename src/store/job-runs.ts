import type { Store } from './db.js';

/** The scheduled jobs. */
export type JobName = 'heartbeat' | 'digest';

/** A recorded job run. */
export interface JobRun {
  readonly job: JobName;
  readonly key: string;
  readonly period: string;
  readonly dueAt: string;
  readonly startedAt: string;
  readonly status: 'posted' | 'quiet';
  readonly late: boolean;
  readonly trigger: 'schedule' | 'manual';
  readonly note: string;
}

/** True when this (job, key, period) has already run. */
export function hasRun(store: Store, job: JobName, key: string, period: string): boolean {
  return store.first(store.kysely.selectFrom('job_runs').select('period').where('job', '=', job).where('key', '=', key).where('period', '=', period)) !== undefined;
}

/**
 * Records a run; false when the period was already recorded (a concurrent or repeated run), so the caller
 * aborts its transaction and nothing is posted twice.
 */
export function recordRun(store: Store, run: JobRun): boolean {
  const changed = store.run(
    store.kysely
      .insertInto('job_runs')
      .values({
        job: run.job,
        key: run.key,
        period: run.period,
        due_at: run.dueAt,
        started_at: run.startedAt,
        status: run.status,
        late: run.late ? 1 : 0,
        trigger: run.trigger,
        note: run.note,
      })
      .onConflict((oc) => oc.doNothing()),
  );
  return changed === 1;
}

/** The latest run of a job for a key, if any. */
export function lastRun(store: Store, job: JobName, key: string): JobRun | undefined {
  const row = store.first(
    store.kysely.selectFrom('job_runs').selectAll().where('job', '=', job).where('key', '=', key).orderBy('started_at', 'desc').orderBy('period', 'desc').limit(1),
  );
  if (!row) return undefined;
  return {
    job: row.job as JobName,
    key: row.key,
    period: row.period,
    dueAt: row.due_at,
    startedAt: row.started_at,
    status: row.status as JobRun['status'],
    late: row.late === 1,
    trigger: row.trigger as JobRun['trigger'],
    note: row.note,
  };
}

/** Agents currently flagged stale on a goal, with when they were flagged. */
export function listStaleFlags(store: Store, goalId: string): { agentId: string; flaggedAt: string; lastSeenAt: string | null }[] {
  return store
    .all(store.kysely.selectFrom('agent_stale_flags').selectAll().where('goal_id', '=', goalId).orderBy('flagged_at').orderBy('agent_id'))
    .map((row) => ({ agentId: row.agent_id, flaggedAt: row.flagged_at, lastSeenAt: row.last_seen_at }));
}

/** Flags an agent stale on a goal; false when it already was. */
export function flagStale(store: Store, goalId: string, agentId: string, lastSeenAt: string | null, at: string): boolean {
  return (
    store.run(
      store.kysely
        .insertInto('agent_stale_flags')
        .values({ goal_id: goalId, agent_id: agentId, flagged_at: at, last_seen_at: lastSeenAt })
        .onConflict((oc) => oc.doNothing()),
    ) === 1
  );
}

/** Clears an agent's stale flag on a goal; false when it was not flagged. */
export function clearStale(store: Store, goalId: string, agentId: string): boolean {
  return store.run(store.kysely.deleteFrom('agent_stale_flags').where('goal_id', '=', goalId).where('agent_id', '=', agentId)) === 1;
}
