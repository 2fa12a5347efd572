import { listLarkBases, setWant, todosHeldBy } from '../../store/base-rows.js';
import type { Store } from '../../store/db.js';
import { eventPayload, type EventRow } from '../../store/events.js';
import { catchUpLedger, skipLedgerTo } from '../projection/ledger-cursor.js';
import type { Clock } from '../deps.js';
import { renderGoalRows } from './render.js';
import { baseLocaleOf, baseSchema } from './schema.js';

const CURSOR = 'lark_base';
/** Our coalescing window: a changed row waits this long, so a burst of changes becomes one batch call. */
export const BASE_COALESCE_MS = 1_000;

/** Turns committed ledger events into owed row writes (`base_rows`). */
export interface BaseProjector {
  /** Projects every ledger event after the durable cursor; answers how many rows became owed a write. */
  catchUp(): number;
  /** Re-renders every row of one goal, or of every bound goal (lease times, the reconciler); answers as catchUp. */
  refresh(goalId?: string): number;
  /** Moves the cursor up to just before `seq`, when no table was bound before it (nothing earlier shows anywhere). */
  skipTo(seq: number): void;
}

/** Events that can change any row of their goal: gates hold todos, goal members are who user actions wait on. */
const WHOLE_GOAL = (type: string) => type.startsWith('gate.') || type.startsWith('goal.') || type === 'base.bound';

/**
 * Which todos an event changes: those it names (a todo, its replacement, predecessor and successors), those held
 * by the agent it is about or by its acting agent (a report moves Claimed to Running), or (null) the whole goal.
 * Anything else (quota, digests, turns, audit of the Base itself) changes no row.
 */
function todosOf(store: Store, event: EventRow & { goal_id: string }, heldBy: (goalId: string, agent: string) => readonly string[]): string[] | null {
  if (WHOLE_GOAL(event.type)) return null;
  const payload = eventPayload(event);
  if (payload === null) return null;
  const named = [payload.todo_id, payload.replacement_id, payload.predecessor_id, ...(Array.isArray(payload.successors) ? payload.successors : [])];
  const agents = [payload.agent_id, event.actor.startsWith('agent:') ? event.actor.slice('agent:'.length) : null].filter((a): a is string => typeof a === 'string');
  return [...named.filter((id): id is string => typeof id === 'string'), ...agents.flatMap((agent) => heldBy(event.goal_id, agent))];
}

/** Renders `only` (or all) of a goal's rows, once per language, and records them as wanted in each of its bound tables. */
function project(store: Store, goalId: string, now: Date, only?: readonly string[]): number {
  const bases = listLarkBases(store, goalId);
  if (bases.length === 0 || only?.length === 0) return 0;
  let owed = 0;
  const at = now.toISOString();
  const due = new Date(now.getTime() + BASE_COALESCE_MS).toISOString();
  for (const locale of new Set(bases.map((b) => baseLocaleOf(b.locale)))) {
    const tables = bases.filter((b) => baseLocaleOf(b.locale) === locale);
    for (const row of renderGoalRows(store, baseSchema(locale), goalId, now, only)) {
      const fields = JSON.stringify(row.fields);
      for (const base of tables) if (setWant(store, { appToken: base.app_token, tableId: base.table_id }, { todoId: row.todoId, goalId, fields, hash: row.hash }, at, due)) owed += 1;
    }
  }
  return owed;
}

/**
 * Creates the Base projector. Like the card projector it reads the ledger from its own cursor, so a crash between
 * a commit and its projection loses nothing, and re-projecting is harmless (an unchanged want changes nothing).
 */
export function createBaseProjector(store: Store, clock: Clock): BaseProjector {
  return {
    catchUp: () =>
      catchUpLedger(store, CURSOR, (events) => {
        const touched = new Map<string, Set<string> | null>();
        // One agent's reports fill a batch: what it holds is read once per batch, not once per event.
        const held = new Map<string, readonly string[]>();
        const heldBy = (goalId: string, agent: string) => {
          const key = `${goalId}\u0000${agent}`;
          let ids = held.get(key);
          if (!ids) held.set(key, (ids = todosHeldBy(store, goalId, agent)));
          return ids;
        };
        for (const event of events) {
          if (event.goal_id === null) continue;
          const ids = todosOf(store, { ...event, goal_id: event.goal_id }, heldBy);
          const known = touched.get(event.goal_id);
          if (ids === null || known === null) touched.set(event.goal_id, null);
          else touched.set(event.goal_id, new Set([...(known ?? []), ...ids]));
        }
        let owed = 0;
        const now = clock.now();
        for (const [goalId, ids] of touched) owed += project(store, goalId, now, ids === null ? undefined : [...ids]);
        return owed;
      }),
    skipTo: (seq) => skipLedgerTo(store, CURSOR, seq),
    refresh(goalId) {
      const now = clock.now();
      return store.transaction(() => {
        const goals = new Set(listLarkBases(store, goalId).map((b) => b.goal_id));
        let owed = 0;
        for (const id of goals) owed += project(store, id, now);
        return owed;
      });
    },
  };
}
