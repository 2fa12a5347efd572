import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per (job, key, period): the primary key is what makes a period run once, even across restarts.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull().check(sql`job in ('heartbeat','digest')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('posted','quiet')`))
    .addColumn('late', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('schedule','manual')`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'key', 'period'])
    .execute();
  await db.schema.createIndex('job_runs_key_started').on('job_runs').columns(['job', 'key', 'started_at']).execute();

  // An agent flagged stale on a goal stays flagged (and is not flagged again) until it is seen again.
  await db.schema
    .createTable('agent_stale_flags')
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id'))
    .addColumn('flagged_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addPrimaryKeyConstraint('agent_stale_flags_pk', ['goal_id', 'agent_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agent_stale_flags').execute();
  await db.schema.dropTable('job_runs').execute();
}
