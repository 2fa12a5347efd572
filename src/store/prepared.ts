import type { Compilable, Kysely } from 'kysely';
import type { Tables } from './tables.js';

/**
 * Stands for one named parameter while a prepared query is compiled. It may only reach kysely as a value:
 * turning it into a string or a number (a template literal, arithmetic) throws.
 */
class Placeholder {
  constructor(readonly name: string) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`Prepared-query parameter "${this.name}" can only be passed to kysely as a value.`);
  }
}

/** A prepared query's SQL and how to lay out one call's parameters for it. */
export interface CompiledPrepared<P> {
  readonly sql: string;
  bind(params: P): unknown[];
}

/**
 * A fixed statement written with kysely's typed builder but compiled only once per store: `Store.all/first/run`
 * given a `PreparedQuery` and its parameters run a cached better-sqlite3 statement, skipping the per-call
 * query building and compiling (perf-reliability §2.2). Define one at module level with {@link prepared}.
 */
export class PreparedQuery<P extends object, R> {
  /** Carries the row type only (never set). */
  declare readonly row?: R;

  constructor(
    readonly name: string,
    private readonly build: (db: Kysely<Tables>, params: P) => Compilable<R>,
  ) {}

  /**
   * Builds the query with a placeholder for every key of `params` (the first call's) and compiles it; a store
   * does this once per query. Every parameter must reach the SQL as a value.
   */
  compileWith(db: Kysely<Tables>, params: P): CompiledPrepared<P> {
    const names = Object.keys(params);
    const placeholders = Object.fromEntries(names.map((name) => [name, new Placeholder(name)])) as P;
    const compiled = this.build(db, placeholders).compile();
    const slots = compiled.parameters.map((value) => (value instanceof Placeholder ? value.name : null));
    const constants = compiled.parameters;
    const unused = names.filter((name) => !slots.includes(name));
    if (unused.length > 0) throw new Error(`Prepared query "${this.name}": ${unused.join(', ')} must reach the SQL as values.`);
    return {
      sql: compiled.sql,
      bind: (values) => slots.map((name, i) => (name === null ? constants[i] : (values as Record<string, unknown>)[name])),
    };
  }
}

/**
 * Defines a prepared query. `build` gets the kysely builder and placeholders for the parameters, and must give
 * the same statement whatever their values (no branching on them). Parameters are single values (strings,
 * numbers, null), never lists, and none is optional: the keys of the first call define the statement, which
 * is why a whole row can be inserted with `.values(row)`. Prepared once per store, on first use.
 *
 * ```ts
 * const byTokenHash = prepared('agent by token hash', (db, p: { tokenHash: string }) =>
 *   db.selectFrom('agents').select(['id', 'status']).where('token_hash', '=', p.tokenHash));
 * store.first(byTokenHash, { tokenHash });
 * ```
 * A query without parameters is run with `{}`.
 */
export function prepared<P extends Required<P> = Record<string, never>, R = unknown>(name: string, build: (db: Kysely<Tables>, params: P) => Compilable<R>): PreparedQuery<P, R> {
  return new PreparedQuery(name, build);
}
