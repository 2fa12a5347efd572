import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('goals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('objective', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active','stopped','completed')`))
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('heartbeat_cron', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('person_identities')
    .addColumn('surface', 'text', (c) => c.notNull().check(sql`surface in ('slack','lark')`))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('person_identities_pk', ['surface', 'external_id'])
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner','approver','viewer')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['goal_id', 'person_id'])
    .execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('signing_secret', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active','revoked')`))
    .addColumn('last_seen_at', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agent_goals')
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id'))
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_goals_pk', ['agent_id', 'goal_id'])
    .execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('agent','user')`))
    .addColumn('task_class', 'text', (c) => c.notNull().check(sql`task_class in ('advancement','monitor','user_action','blocker')`))
    .addColumn('priority', 'text', (c) => c.notNull().check(sql`priority in ('P0','P1','P2','P3','P4')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open','blocked','deferred','done','superseded')`))
    .addColumn('blocked_reason', 'text')
    .addColumn('action_kind', 'text')
    .addColumn('resume_when', 'text')
    .addColumn('claimed_by', 'text', (c) => c.references('agents.id'))
    .addColumn('lease_expires_at', 'text')
    .addColumn('lease_version', 'integer', (c) => c.notNull())
    .addColumn('lease_epoch', 'integer', (c) => c.notNull())
    .addColumn('lease_started_at', 'text')
    .addColumn('predecessor_id', 'text')
    .addColumn('superseded_by', 'text')
    .addColumn('no_followup', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todos_goal_status').on('todos').columns(['goal_id', 'status', 'priority', 'created_at']).execute();

  await db.schema
    .createTable('evidence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('todo_id', 'text')
    .addColumn('gate_id', 'text')
    .addColumn('agent_id', 'text')
    .addColumn('turn_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('data', 'text')
    .addColumn('delivery_outcome', 'text')
    .addColumn('tokens_in', 'integer')
    .addColumn('tokens_out', 'integer')
    .addColumn('cost_usd', 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evidence_goal_created').on('evidence').columns(['goal_id', 'created_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('goal_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_goal_seq').on('events').columns(['goal_id', 'seq']).execute();

  await db.schema
    .createTable('idempotency')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_pk', ['actor', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency', 'events', 'evidence', 'todos', 'agent_goals', 'agents', 'memberships', 'person_identities', 'people', 'goals']) {
    await db.schema.dropTable(table).execute();
  }
}
