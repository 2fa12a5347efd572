import { OPEN_GATE_STATES } from '../../kernel/gate.js';
import { addDays, formatLocalDate, toLocal } from '../../kernel/zoned-time.js';
import type { Store } from '../../store/db.js';
import { eventPayload } from '../../store/events.js';

/** The bands of the cumulative flow diagram: a todo's stored state at the end of each day. */
export const FLOW_BANDS = ['todo', 'in_progress', 'blocked', 'done'] as const;
export type FlowBand = (typeof FLOW_BANDS)[number];

/** A goal's charts, read from the database at `now`, days in the goal's timezone (oldest first). */
export interface GoalCharts {
  readonly days: readonly string[];
  /** Todos per band at the end of each day (today: now), replayed from the ledger. */
  readonly flow: readonly Readonly<Record<FlowBand, number>>[];
  /** Evidence rows reported each day. */
  readonly evidence: readonly number[];
  /** Gates decided in the window: how many and the median wait; the longest still open (null: none open). */
  readonly gateWaits: { readonly decided: number; readonly medianMs: number | null; readonly open: number; readonly longestOpenMs: number | null };
}

/** The last `count` local dates ending today in `timezone`, oldest first. */
export function lastDays(now: Date, timezone: string, count: number): string[] {
  const today = toLocal(now, timezone);
  return Array.from({ length: count }, (_, i) => formatLocalDate(addDays(today, i - count + 1)));
}

const localDay = (iso: string, timezone: string): string => formatLocalDate(toLocal(new Date(iso), timezone));

/** How each todo event moves a todo between bands (null: it leaves the chart; absent: no change). */
const BAND_AFTER: Readonly<Record<string, FlowBand | null>> = {
  'todo.added': 'todo',
  'todo.claimed': 'in_progress',
  'todo.released': 'todo',
  'todo.lease_expired': 'todo',
  'todo.reopened': 'todo',
  'todo.resumed': 'todo',
  'todo.blocked': 'blocked',
  'todo.deferred': 'blocked',
  'todo.completed': 'done',
  'todo.user_action_done': 'done',
  'todo.superseded': null,
};

function flowByDay(store: Store, goalId: string, days: readonly string[], timezone: string): Record<FlowBand, number>[] {
  const rows = store.all(store.kysely.selectFrom('events').select(['at', 'type', 'payload']).where('goal_id', '=', goalId).where('type', 'like', 'todo.%').orderBy('seq'));
  const band = new Map<string, FlowBand>();
  const flow: Record<FlowBand, number>[] = [];
  let next = 0;
  for (const day of days) {
    for (; next < rows.length; next += 1) {
      const row = rows[next]!;
      if (localDay(row.at, timezone) > day) break;
      const after = BAND_AFTER[row.type];
      const todoId = eventPayload(row)?.['todo_id'];
      if (after === undefined || typeof todoId !== 'string') continue;
      if (after === null) band.delete(todoId);
      else band.set(todoId, after);
    }
    const counts: Record<FlowBand, number> = { todo: 0, in_progress: 0, blocked: 0, done: 0 };
    for (const b of band.values()) counts[b] += 1;
    flow.push(counts);
  }
  return flow;
}

/** Evidence rows per local day for `days` (oldest first). */
export function evidencePerDay(store: Store, goalId: string, days: readonly string[], timezone: string, now: Date): number[] {
  const since = new Date(now.getTime() - (days.length + 1) * 86_400_000).toISOString();
  const rows = store.all(store.kysely.selectFrom('evidence').select('created_at').where('goal_id', '=', goalId).where('created_at', '>=', since));
  const counts = new Map(days.map((d) => [d, 0]));
  for (const row of rows) {
    const day = localDay(row.created_at, timezone);
    if (counts.has(day)) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return days.map((d) => counts.get(d) ?? 0);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function gateWaits(store: Store, goalId: string, now: Date, since: string): GoalCharts['gateWaits'] {
  const gates = store.all(store.kysely.selectFrom('gates').select(['state', 'created_at', 'decided_at']).where('goal_id', '=', goalId));
  const waits = gates.filter((g) => g.decided_at !== null && g.decided_at >= since).map((g) => Date.parse(g.decided_at!) - Date.parse(g.created_at));
  const open = gates.filter((g) => (OPEN_GATE_STATES as readonly string[]).includes(g.state)).map((g) => now.getTime() - Date.parse(g.created_at));
  return { decided: waits.length, medianMs: median(waits), open: open.length, longestOpenMs: open.length === 0 ? null : Math.max(...open) };
}

/** The goal page's charts over the last `dayCount` days (14 by default). */
export function goalCharts(store: Store, goal: { id: string; timezone: string }, now: Date, dayCount = 14): GoalCharts {
  const days = lastDays(now, goal.timezone, dayCount);
  const since = new Date(now.getTime() - dayCount * 86_400_000).toISOString();
  return {
    days,
    flow: flowByDay(store, goal.id, days, goal.timezone),
    evidence: evidencePerDay(store, goal.id, days, goal.timezone, now),
    gateWaits: gateWaits(store, goal.id, now, since),
  };
}
