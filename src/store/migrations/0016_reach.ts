import type { Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Reaching people (issue 15): where each person is reached (`notify_via`: slack-dm, lark-dm, channel, none; null
// = a direct message where linked) and their quiet hours (`22:00-08:00` in their timezone; null = none).
// `gate_nudges` records each reminder and escalation sent about a gate, once per person and step.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('people').addColumn('notify_via', 'text').execute();
  await db.schema.alterTable('people').addColumn('quiet_hours', 'text').execute();
  await db.schema
    .createTable('gate_nudges')
    .addColumn('gate_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gate_nudges_pk', ['gate_id', 'person_id', 'step'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gate_nudges').execute();
  await db.schema.alterTable('people').dropColumn('quiet_hours').execute();
  await db.schema.alterTable('people').dropColumn('notify_via').execute();
}
