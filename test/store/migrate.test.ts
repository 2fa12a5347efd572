import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore } from '../../src/store/db.js';
import { pendingMigrations, runMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';

describe('migrations', () => {
  it('run every numbered migration on a fresh database, and nothing the second time', async () => {
    const store = openStore({ path: ':memory:' });
    const first = await runMigrations(store);
    expect(first.error).toBeUndefined();
    expect(first.results?.map((r) => r.migrationName)).toEqual(Object.keys(MIGRATIONS).sort());
    expect((await runMigrations(store)).results).toEqual([]);
    expect(await pendingMigrations(store)).toEqual([]);
  });

  it('apply a lower-numbered migration that landed after a higher one already ran', async () => {
    const store = openStore({ path: ':memory:' });
    await runMigrations(store);
    const names = Object.keys(MIGRATIONS).sort();
    const middle = names[Math.floor(names.length / 2)] ?? '';
    await MIGRATIONS[middle]?.down?.(store.kysely);
    await sql`DELETE FROM kysely_migration WHERE name = ${middle}`.execute(store.kysely);
    expect(await pendingMigrations(store)).toEqual([middle]);
    const again = await runMigrations(store);
    expect(again.error).toBeUndefined();
    expect(again.results?.map((r) => r.migrationName)).toEqual([middle]);
  });
});
