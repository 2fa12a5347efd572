import { sql } from 'kysely';
import type { Store } from './db.js';
import type { TurnTable } from './tables.js';

/** The recorded should-run of one turn, if any. */
export function selectTurn(store: Store, goalId: string, agentId: string, turnId: string): TurnTable | undefined {
  return store.first(store.kysely.selectFrom('turns').selectAll().where('goal_id', '=', goalId).where('agent_id', '=', agentId).where('turn_id', '=', turnId));
}

/** Records a turn's should-run packet. */
export function insertTurn(store: Store, turn: TurnTable): void {
  store.run(store.kysely.insertInto('turns').values(turn));
}

/** When this agent last asked should-run on this goal, or null before its first turn. */
export function lastTurnAt(store: Store, goalId: string, agentId: string): string | null {
  const row = store.first(store.kysely.selectFrom('turns').select((eb) => eb.fn.max('created_at').as('at')).where('goal_id', '=', goalId).where('agent_id', '=', agentId));
  return typeof row?.at === 'string' ? row.at : null;
}

/** The agent's most recent turn on a goal. */
export function latestTurn(store: Store, goalId: string, agentId: string): TurnTable | undefined {
  return store.first(store.kysely.selectFrom('turns').selectAll().where('goal_id', '=', goalId).where('agent_id', '=', agentId).orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').limit(1));
}
