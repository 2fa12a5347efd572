import { sql } from 'kysely';
import type { Store } from './db.js';

/** Where an agent is woken, and the secret its wake events are signed with. */
export interface AgentWakeTable {
  agent_id: string;
  url: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

/** One wake event on its way to an agent: pending until delivered, or given up after its retry window. */
export interface WakeEventTable {
  id: string;
  agent_id: string;
  type: string;
  goal_id: string | null;
  body: string;
  state: 'pending' | 'delivered' | 'expired';
  attempts: number;
  next_at: string;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

/** The agent's wake registration, if any. */
export function findWake(store: Store, agentId: string): AgentWakeTable | undefined {
  return store.first(store.kysely.selectFrom('agent_wakes').selectAll().where('agent_id', '=', agentId));
}

/** Whether any agent has a wake URL (when none does, nothing reads the ledger for wakes). */
export function anyWake(store: Store): boolean {
  return store.first(store.kysely.selectFrom('agent_wakes').select('agent_id').limit(1)) !== undefined;
}

/** Registrations of the agents registered on `goalId`. */
export function wakesOnGoal(store: Store, goalId: string): AgentWakeTable[] {
  return store.all(
    store.kysely
      .selectFrom('agent_wakes')
      .innerJoin('agent_goals', 'agent_goals.agent_id', 'agent_wakes.agent_id')
      .innerJoin('agents', 'agents.id', 'agent_wakes.agent_id')
      .selectAll('agent_wakes')
      .where('agent_goals.goal_id', '=', goalId)
      .where('agents.status', '=', 'active'),
  );
}

/** Sets (or replaces) an agent's wake URL and secret. */
export function upsertWake(store: Store, wake: AgentWakeTable): void {
  store.run(store.kysely.insertInto('agent_wakes').values(wake).onConflict((oc) => oc.column('agent_id').doUpdateSet({ url: wake.url, secret: wake.secret, updated_at: wake.updated_at })));
}

/** Removes an agent's wake registration and drops what was still queued for it. */
export function deleteWake(store: Store, agentId: string): boolean {
  store.run(store.kysely.deleteFrom('wake_events').where('agent_id', '=', agentId).where('state', '=', 'pending'));
  return store.run(store.kysely.deleteFrom('agent_wakes').where('agent_id', '=', agentId)) > 0;
}

/** Queues a wake event (a repeated id is ignored: enqueueing is idempotent). */
export function enqueueWakeEvent(store: Store, event: Pick<WakeEventTable, 'id' | 'agent_id' | 'type' | 'goal_id' | 'body' | 'created_at'>): void {
  store.run(store.kysely.insertInto('wake_events').values({ ...event, state: 'pending', attempts: 0, next_at: event.created_at, last_error: null, done_at: null }).onConflict((oc) => oc.column('id').doNothing()));
}

/** Each agent's oldest pending event: an agent's events go out in order, one at a time. */
export function headWakeEvents(store: Store): WakeEventTable[] {
  return store.all(
    store.kysely
      .selectFrom('wake_events as w')
      .selectAll('w')
      .where('w.state', '=', 'pending')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('wake_events as e')
              .select('e.id')
              .where('e.state', '=', 'pending')
              .whereRef('e.agent_id', '=', 'w.agent_id')
              .where(sql<boolean>`(e.created_at < w.created_at OR (e.created_at = w.created_at AND e.id < w.id))`),
          ),
        ),
      ),
  );
}

/** Ends a pending event (delivered, or expired after its retry window). */
export function finishWakeEvent(store: Store, id: string, state: 'delivered' | 'expired', at: string, error: string | null = null): void {
  store.run(store.kysely.updateTable('wake_events').set((eb) => ({ state, done_at: at, attempts: eb('attempts', '+', 1), ...(error !== null ? { last_error: error } : {}) })).where('id', '=', id).where('state', '=', 'pending'));
}

/** Records a failed attempt and when to try again. */
export function retryWakeEvent(store: Store, id: string, nextAt: string, error: string): void {
  store.run(store.kysely.updateTable('wake_events').set((eb) => ({ attempts: eb('attempts', '+', 1), next_at: nextAt, last_error: error })).where('id', '=', id).where('state', '=', 'pending'));
}

/** When the agent was last sent an event of this type about this goal (to send a hint once per idle spell). */
export function lastWakeOf(store: Store, agentId: string, type: string, goalId: string): string | undefined {
  const row = store.first(store.kysely.selectFrom('wake_events').select((eb) => eb.fn.max('created_at').as('at')).where('agent_id', '=', agentId).where('type', '=', type).where('goal_id', '=', goalId));
  return typeof row?.at === 'string' ? row.at : undefined;
}

/** The events queued for an agent, newest first (for `loopx agent wake show` and tests). */
export function listWakeEvents(store: Store, agentId: string, limit = 20): WakeEventTable[] {
  return store.all(store.kysely.selectFrom('wake_events').selectAll().where('agent_id', '=', agentId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit));
}
