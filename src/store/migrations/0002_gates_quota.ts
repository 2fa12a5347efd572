import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.

async function createGates(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull().check(sql`risk in ('low','normal','high')`))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('blocks_agent', 'text')
    .addColumn('blocks_todo_ids', 'text', (c) => c.notNull())
    .addColumn('blocks_global', 'integer', (c) => c.notNull())
    .addColumn('decision_scope', 'text')
    .addColumn('approvers', 'text')
    .addColumn('quorum', 'integer', (c) => c.notNull())
    .addColumn('allow_self_approval', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending','approved','rejected','deferred','expired','cancelled','superseded')`))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('on_expire', 'text', (c) => c.notNull().check(sql`on_expire in ('deny','keep_waiting','cancel')`))
    .addColumn('deferred_until', 'text')
    .addColumn('escalation', 'text')
    .addColumn('decision_outcome', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_via', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_revision', 'integer')
    .addColumn('grant_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gates_goal_state').on('gates').columns(['goal_id', 'state', 'created_at']).execute();

  await db.schema
    .createTable('gate_votes')
    .addColumn('gate_id', 'text', (c) => c.notNull().references('gates.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gate_votes_pk', ['gate_id', 'revision', 'person_id'])
    .execute();

  await db.schema
    .createTable('gate_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('gate_id', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('revoked_by_gate_id', 'text')
    .execute();
}

async function createQuota(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quota_policies')
    .addColumn('goal_id', 'text', (c) => c.primaryKey().references('goals.id'))
    .addColumn('allowed_slots', 'integer', (c) => c.notNull())
    .addColumn('window_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Append-only: a spend is never deleted; a void is a later row pointing at the spend it corrects.
  await db.schema
    .createTable('quota_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('spend','void')`))
    .addColumn('agent_id', 'text')
    .addColumn('turn_id', 'text')
    .addColumn('evidence_id', 'text')
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('voids_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quota_ledger_goal_at').on('quota_ledger').columns(['goal_id', 'at']).execute();
  // The once-per-turn rule, enforced by the database as well as the code.
  await sql`CREATE UNIQUE INDEX quota_ledger_one_spend_per_turn ON quota_ledger (goal_id, agent_id, turn_id) WHERE kind = 'spend'`.execute(db);
  await sql`CREATE UNIQUE INDEX quota_ledger_one_void_per_spend ON quota_ledger (voids_id) WHERE kind = 'void'`.execute(db);

  await db.schema
    .createTable('turns')
    .addColumn('goal_id', 'text', (c) => c.notNull().references('goals.id'))
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('turn_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('selected_todo_id', 'text')
    .addColumn('packet', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('turns_pk', ['goal_id', 'agent_id', 'turn_id'])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createGates(db);
  await createQuota(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['turns', 'quota_ledger', 'quota_policies', 'gate_grants', 'gate_votes', 'gates']) {
    await db.schema.dropTable(table).execute();
  }
}
