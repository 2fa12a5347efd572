import { quietMonitors } from '../../store/monitors.js';
import { BOARD_USER_ACTIONS_WITH_BUTTONS } from '../../../cards/board-card.js';
import type { BoardView, LaneView, PendingGateSummary } from '../../../cards/views.js';
import type { KernelError } from '../../kernel/errors.js';
import { LANES, type Lane } from '../../kernel/lanes.js';
import { ok, type Result } from '../../kernel/result.js';
import { findAgent, listGoalAgents } from '../../store/agents.js';
import type { Store } from '../../store/db.js';
import { listEvidence } from '../../store/evidence.js';
import { listStaleFlags } from '../../store/job-runs.js';
import { openUserActions } from '../work/user-actions.js';
import { goalLanes, type LanedTodo } from './goal-status.js';

/** How many items each lane shows on the board card; the count always covers them all. */
export const LANE_TOP_ITEMS = 3;

/** Agent silence after which the board warns: two intervals of the default hourly heartbeat. */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** How many quiet monitors the board card asks about at most. */
const BOARD_QUIET_MONITORS = 3;

/** Extra read-model inputs the board needs from other parts (pending gates, quota, the web board URL). */
export interface BoardExtras {
  readonly needsYou?: readonly PendingGateSummary[];
  /** How many gates are pending in all (defaults to the length of `needsYou`). */
  readonly needsYouTotal?: number;
  readonly quota?: BoardView['quota'];
  readonly boardUrl?: string | null;
}

function laneViews(counts: Record<Lane, number>, todos: readonly LanedTodo[]): LaneView[] {
  return LANES.map((lane) => {
    const top = todos.filter((t) => t.lane === lane).slice(0, LANE_TOP_ITEMS).map(({ todo }) => ({ text: todo.text, meta: [todo.priority, todo.claimedBy].filter((m) => m !== null).join(' · ') }));
    return { lane, count: counts[lane], top };
  });
}

function lastActivityOf(store: Store, goalId: string, evidenceAt: { at: string; by: string | null } | null): BoardView['lastActivity'] {
  let latest: BoardView['lastActivity'] = evidenceAt?.by ? { agentId: evidenceAt.by, at: evidenceAt.at } : null;
  for (const agentId of listGoalAgents(store, goalId)) {
    const seen = findAgent(store, agentId)?.lastSeenAt ?? null;
    if (seen !== null && (latest === null || seen > latest.at)) latest = { agentId, at: seen };
  }
  return latest;
}

function lastChangeAt(store: Store, goalId: string, fallback: string): string {
  const row = store.first(store.kysely.selectFrom('events').select((eb) => eb.fn.max('at').as('at')).where('goal_id', '=', goalId));
  return row?.at ?? fallback;
}

/** The board card's read model for one goal at `now`. */
export function boardView(store: Store, goalId: string, now: Date, extras: BoardExtras = {}): Result<BoardView, KernelError> {
  const laned = goalLanes(store, goalId, now, LANE_TOP_ITEMS);
  if (!laned.ok) return laned;
  const { goal, todos, todoLanes } = laned.value;
  const evidence = listEvidence(store, goalId, 1)[0];
  const latestEvidence = evidence ? { kind: evidence.kind, summary: evidence.summary, url: evidence.url, by: evidence.agentId, at: evidence.createdAt } : null;
  const lastActivity = lastActivityOf(store, goalId, latestEvidence);
  const openWork = LANES.some((lane) => lane !== 'done' && todoLanes[lane] > 0);
  const silent = lastActivity !== null && now.getTime() - Date.parse(lastActivity.at) > STALE_AFTER_MS;
  const userActions = openUserActions(store, goalId, BOARD_USER_ACTIONS_WITH_BUTTONS);
  return ok({
    goal: { id: goal.id, title: goal.title, status: goal.status, objective: goal.objective, timezone: goal.timezone },
    lanes: laneViews(todoLanes, todos),
    needsYou: extras.needsYou ?? [],
    needsYouTotal: extras.needsYouTotal ?? extras.needsYou?.length ?? 0,
    userActions: userActions.actions,
    userActionsTotal: userActions.total,
    quietMonitors: quietMonitors(store, goalId, BOARD_QUIET_MONITORS),
    latestEvidence,
    quota: extras.quota ?? null,
    lastActivity,
    staleSince: goal.status === 'active' && openWork && silent && lastActivity ? lastActivity.at : null,
    staleAgents: listStaleFlags(store, goalId).map((f) => ({ agentId: f.agentId, lastSeenAt: f.lastSeenAt })),
    updatedAt: lastChangeAt(store, goalId, goal.updatedAt),
    boardUrl: extras.boardUrl ?? null,
  });
}
