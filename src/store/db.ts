import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Tables } from './tables.js';

/**
 * The store handle. kysely builds and types every query; better-sqlite3 runs it synchronously through a
 * prepared-statement cache. Synchronous execution means a transaction can never span an `await`.
 */
export interface Store {
  readonly sqlite: Database.Database;
  readonly kysely: Kysely<Tables>;
  /** Runs a query and returns its rows. */
  all<R>(query: Compilable<R>): R[];
  /** Runs a query and returns its first row, if any. */
  first<R>(query: Compilable<R>): R | undefined;
  /** Runs a write and returns how many rows it changed. */
  run(query: Compilable<unknown>): number;
  /** Runs `body` in one IMMEDIATE transaction (takes the write lock up front; rolled back on throw). */
  transaction<T>(body: () => T): T;
  close(): void;
}

/** Where the database lives and how durable commits are. */
export interface StoreOptions {
  readonly path: string;
  readonly synchronous?: 'NORMAL' | 'FULL';
  readonly busyTimeoutMs?: number;
}

/** Opens (creating if needed) the SQLite database with WAL, foreign keys and a busy timeout. */
export function openStore(options: StoreOptions): Store {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const sqlite = new Database(options.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
  const kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const statements = new Map<string, Database.Statement>();

  function prepare(query: Compilable<unknown>): { statement: Database.Statement; parameters: unknown[] } {
    const compiled = query.compile();
    let statement = statements.get(compiled.sql);
    if (!statement) {
      statement = sqlite.prepare(compiled.sql);
      statements.set(compiled.sql, statement);
    }
    return { statement, parameters: compiled.parameters as unknown[] };
  }

  return {
    sqlite,
    kysely,
    all<R>(query: Compilable<R>): R[] {
      const { statement, parameters } = prepare(query);
      return statement.reader ? (statement.all(...parameters) as R[]) : (statement.run(...parameters), []);
    },
    first<R>(query: Compilable<R>): R | undefined {
      const { statement, parameters } = prepare(query);
      return statement.reader ? (statement.get(...parameters) as R | undefined) : (statement.run(...parameters), undefined);
    },
    run(query: Compilable<unknown>): number {
      const { statement, parameters } = prepare(query);
      return statement.run(...parameters).changes;
    },
    transaction<T>(body: () => T): T {
      if (sqlite.inTransaction) return body();
      return sqlite.transaction(body).immediate();
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
