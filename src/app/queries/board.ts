import type { HandoffWire } from '../../contract/monitor-wire.js';
import { handoffsOf } from '../work/handoffs.js';
import { sql } from 'kysely';
import type { Evidence } from '../../kernel/entities.js';
import type { KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import type { QuotaState } from '../../kernel/quota.js';
import type { MemberRole } from '../../kernel/vocabulary.js';
import { listAgents } from '../../store/agents.js';
import type { Store } from '../../store/db.js';
import type { EventRow } from '../../store/events.js';
import { listEvidence } from '../../store/evidence.js';
import { listGoals, listMemberships } from '../../store/goals.js';
import { listPeople } from '../../store/people.js';
import { goalStatus, type GoalStatus } from './goal-status.js';
import { quotaState } from './quota.js';

/** One goal as the web board's goal page shows it: status, members, agents, quota and the evidence timeline. */
export interface GoalDetail extends GoalStatus {
  readonly members: readonly { personId: string; name: string; role: MemberRole }[];
  readonly agents: readonly { id: string; name: string; lastSeenAt: string | null }[];
  readonly evidence: readonly Evidence[];
  readonly quota: QuotaState;
  /** What the last holder left for the next one, by todo id. */
  readonly handoffs: ReadonlyMap<string, HandoffWire>;
}

/** The status of every goal, in id order (the board page). */
export function allGoalStatuses(store: Store, now: Date): GoalStatus[] {
  return listGoals(store).flatMap((goal) => {
    const status = goalStatus(store, goal.id, now);
    return status.ok ? [status.value] : [];
  });
}

/** How many todos of each lane the goal page lists; the lane counts cover them all. */
export const GOAL_PAGE_TODOS_PER_LANE = 50;

/** Everything the goal page needs. */
export function goalDetail(store: Store, goalId: string, now: Date, evidenceLimit = 50): Result<GoalDetail, KernelError> {
  const status = goalStatus(store, goalId, now, GOAL_PAGE_TODOS_PER_LANE);
  if (!status.ok) return status;
  const names = new Map(listPeople(store).map((p) => [p.id, p.name]));
  const members = listMemberships(store, goalId).map((m) => ({ personId: m.personId, name: names.get(m.personId) ?? m.personId, role: m.role }));
  const agents = listAgents(store)
    .filter((a) => a.goals.includes(goalId))
    .map((a) => ({ id: a.id, name: a.name, lastSeenAt: a.lastSeenAt }));
  return ok({ ...status.value, members, agents, evidence: listEvidence(store, goalId, evidenceLimit), quota: quotaState(store, goalId, now), handoffs: handoffsOf(store, goalId) });
}

/** A ledger row as the audit page shows it. */
export type LedgerRow = EventRow;

/** The newest ledger rows (newest first), optionally for one goal: the audit page. */
export function recentLedger(store: Store, options: { goalId?: string | undefined; limit: number }): LedgerRow[] {
  let query = store.kysely.selectFrom('events').selectAll();
  if (options.goalId !== undefined) query = query.where('goal_id', '=', options.goalId);
  return store.all(query.orderBy('seq', 'desc').limit(options.limit));
}

/** The ledger rows about one gate (asked, amended, votes, decisions, refusals), oldest first. */
export function gateHistory(store: Store, gateId: string): LedgerRow[] {
  return store.all(
    store.kysely
      .selectFrom('events')
      .selectAll()
      .where('type', 'like', 'gate.%')
      .where(sql<string>`json_extract(payload, '$.gate_id')`, '=', gateId)
      .orderBy('seq', 'asc'),
  );
}
