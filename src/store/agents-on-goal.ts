import type { Store } from './db.js';

/** An agent registered on a goal, with what liveness checks need. */
export interface GoalAgent {
  readonly id: string;
  readonly status: string;
  readonly lastSeenAt: string | null;
  readonly registeredAt: string;
}

/** The agents registered on a goal, with their last activity and registration time. */
export function listAgentsOnGoal(store: Store, goalId: string): GoalAgent[] {
  return store
    .all(
      store.kysely
        .selectFrom('agent_goals')
        .innerJoin('agents', 'agents.id', 'agent_goals.agent_id')
        .select(['agents.id as id', 'agents.status as status', 'agents.last_seen_at as lastSeenAt', 'agent_goals.created_at as registeredAt'])
        .where('agent_goals.goal_id', '=', goalId)
        .orderBy('agents.id'),
    )
    .map((row) => ({ id: row.id, status: row.status, lastSeenAt: row.lastSeenAt, registeredAt: row.registeredAt }));
}
