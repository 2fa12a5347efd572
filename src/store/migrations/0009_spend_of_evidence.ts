import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: add a new numbered file instead.
// Every evidence answer reads the spend its evidence caused (`spendOfEvidence`); without this index that read
// scanned every spend of every goal.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX quota_ledger_spend_of_evidence ON quota_ledger (evidence_id) WHERE kind = 'spend'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('quota_ledger_spend_of_evidence').execute();
}
