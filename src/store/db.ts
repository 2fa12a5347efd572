import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createCommitGroup } from './group-commit.js';
import { PreparedQuery, type CompiledPrepared } from './prepared.js';
import type { Tables } from './tables.js';

/**
 * The store handle. kysely builds and types every query; better-sqlite3 runs it synchronously through a
 * prepared-statement cache. Synchronous execution means a transaction can never span an `await`.
 * A fixed, hot statement can be a `PreparedQuery` (`prepared.ts`): compiled once, then run with its parameters.
 */
export interface Store {
  readonly sqlite: Database.Database;
  /** The ledger's key and where keying began, set by `openLedger` (ledger-key.ts) after migrations. */
  readonly ledger: LedgerState;
  readonly kysely: Kysely<Tables>;
  /** Runs a query and returns its rows. */
  all<R>(query: Compilable<R>): R[];
  all<P extends object, R>(query: PreparedQuery<P, R>, params: P): R[];
  /** Runs a query and returns its first row, if any. */
  first<R>(query: Compilable<R>): R | undefined;
  first<P extends object, R>(query: PreparedQuery<P, R>, params: P): R | undefined;
  /** Runs a write and returns how many rows it changed. */
  run(query: Compilable<unknown>): number;
  run<P extends object>(query: PreparedQuery<P, unknown>, params: P): number;
  /**
   * Runs `body` in one IMMEDIATE transaction (takes the write lock up front; rolled back on throw). Inside
   * another transaction it runs in a savepoint, so a failed inner command undoes only its own writes.
   */
  transaction<T>(body: () => T): T;
  /**
   * Group commit: runs `body` in its own savepoint of one transaction shared with every other body queued in
   * this event-loop turn, and resolves only after that transaction commits (so an acknowledgement is durable).
   * One fsync then covers the whole group; a body that throws rejects alone and leaves no writes behind.
   */
  transactionGrouped<T>(body: () => T): Promise<T>;
  /** Runs `callback` after the outermost transaction commits (at once outside one; dropped on rollback). */
  afterCommit(callback: () => void): void;
  close(): void;
}

/** The ledger key (never stored in the database) and the first seq chained with it. */
export interface LedgerState {
  key: Buffer | null;
  keyedFrom: number;
}

/** A prepared query of any parameter shape (the store's cache holds them all). */
type AnyPrepared = PreparedQuery<never, unknown>;

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
  const preparedQueries = new Map<AnyPrepared, { statement: Database.Statement; compiled: CompiledPrepared<never> }>();
  // One transaction function for every body: better-sqlite3 makes it a savepoint when called inside a transaction.
  const inTransaction = sqlite.transaction((body: () => unknown) => body());
  let committed: (() => void)[] = [];

  function statementFor(sql: string): Database.Statement {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  function prepare(query: Compilable<unknown> | AnyPrepared, params?: object): { statement: Database.Statement; parameters: unknown[] } {
    if (query instanceof PreparedQuery) {
      let entry = preparedQueries.get(query);
      if (!entry) {
        const compiled = query.compileWith(kysely, params as never);
        entry = { statement: statementFor(compiled.sql), compiled };
        preparedQueries.set(query, entry);
      }
      return { statement: entry.statement, parameters: entry.compiled.bind(params as never) };
    }
    const compiled = query.compile();
    return { statement: statementFor(compiled.sql), parameters: compiled.parameters as unknown[] };
  }

  const store: Store = {
    sqlite,
    kysely,
    ledger: { key: null, keyedFrom: 1 },
    all<R>(query: Compilable<R> | AnyPrepared, params?: object): R[] {
      const { statement, parameters } = prepare(query, params);
      return statement.reader ? (statement.all(...parameters) as R[]) : (statement.run(...parameters), []);
    },
    first<R>(query: Compilable<R> | AnyPrepared, params?: object): R | undefined {
      const { statement, parameters } = prepare(query, params);
      return statement.reader ? (statement.get(...parameters) as R | undefined) : (statement.run(...parameters), undefined);
    },
    run(query: Compilable<unknown> | AnyPrepared, params?: object): number {
      const { statement, parameters } = prepare(query, params);
      return statement.run(...parameters).changes;
    },
    transaction<T>(body: () => T): T {
      if (sqlite.inTransaction) return inTransaction(body) as T;
      let result: T;
      try {
        result = inTransaction.immediate(body) as T;
      } catch (error) {
        committed = [];
        throw error;
      }
      const callbacks = committed;
      committed = [];
      for (const callback of callbacks) callback();
      return result;
    },
    transactionGrouped: (body) => group.enqueue(body),
    afterCommit(callback: () => void): void {
      if (sqlite.inTransaction) committed.push(callback);
      else callback();
    },
    close() {
      statements.clear();
      preparedQueries.clear();
      sqlite.close();
    },
  };
  const group = createCommitGroup((bodies) => store.transaction(bodies), setImmediate, () => sqlite.inTransaction);
  return store;
}
