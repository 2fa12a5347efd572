import type { Card, CardBlock, CardItem, CardPerson } from './model.js';
import { countText, elapsedText, namesText } from './wording.js';
import { dateTime } from './format.js';

/** What one heartbeat found and did, as the heartbeat card shows it. */
export interface HeartbeatView {
  readonly goalId: string;
  readonly goalTitle: string;
  readonly timezone: string;
  readonly period: string;
  readonly at: string;
  /** When the previous heartbeat ran (null for the first one). */
  readonly since: string | null;
  readonly late: boolean;
  readonly expiredLeases: readonly { todoId: string; text: string; agentId: string }[];
  readonly staleAgents: readonly { agentId: string; lastSeenAt: string | null }[];
  readonly recoveredAgents: readonly string[];
  readonly resumedTodos: readonly { todoId: string; text: string }[];
  readonly expiredGates: readonly { gateId: string; question: string; onExpire: string }[];
  readonly reminders: readonly { gateId: string; question: string; step: 'approvers' | 'owners'; people: readonly CardPerson[] }[];
  /** Ledger activity since the previous heartbeat. */
  readonly activity: { readonly todosDone: number; readonly todosAdded: number; readonly evidence: number; readonly gateDecisions: number };
}

/** True when the heartbeat has something to say; otherwise it is a quiet skip and nothing is posted. */
export function heartbeatHasNews(view: HeartbeatView): boolean {
  const a = view.activity;
  const lists = [view.expiredLeases, view.staleAgents, view.recoveredAgents, view.resumedTodos, view.expiredGates, view.reminders];
  return lists.some((list) => list.length > 0) || a.todosDone + a.todosAdded + a.evidence + a.gateDecisions > 0;
}

function activityLine(view: HeartbeatView): string | null {
  const a = view.activity;
  const parts = [
    a.todosDone > 0 ? `${countText(a.todosDone, 'todo')} done` : null,
    a.todosAdded > 0 ? `${countText(a.todosAdded, 'todo')} added` : null,
    a.evidence > 0 ? `${countText(a.evidence, 'evidence report')}` : null,
    a.gateDecisions > 0 ? `${countText(a.gateDecisions, 'gate')} decided` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `Activity: ${parts.join(', ')}.`;
}

function actionItems(view: HeartbeatView): CardItem[] {
  const seen = (at: string | null) => (at === null ? 'never reported' : `last seen ${elapsedText(at, view.at)} ago`);
  return [
    ...view.staleAgents.map((s): CardItem => ({ text: `Agent ${s.agentId} looks stale`, meta: seen(s.lastSeenAt), tone: 'warning' })),
    ...view.recoveredAgents.map((id): CardItem => ({ text: `Agent ${id} is reporting again`, tone: 'good' })),
    ...view.expiredLeases.map((l): CardItem => ({ text: `Lease expired: ${l.text}`, meta: `was held by ${l.agentId}; the todo is free again`, tone: 'warning' })),
    ...view.resumedTodos.map((t): CardItem => ({ text: `Resumed: ${t.text}`, meta: 'its wait condition holds now', tone: 'good' })),
    ...view.expiredGates.map((g): CardItem => ({ text: `Gate expired: ${g.question}`, meta: `on expiry: ${g.onExpire.replace('_', ' ')}`, tone: 'danger' })),
    ...view.reminders.map((r): CardItem => ({ text: `Reminder sent: ${r.question}`, meta: `asked ${r.step}: ${namesText(r.people.map((p) => p.name))}`, tone: 'warning' })),
  ];
}

/** Each reminder @mentions the people it reminds, under the gate's question. */
function reminderBlocks(view: HeartbeatView): CardBlock[] {
  return view.reminders.filter((r) => r.people.length > 0).map((r): CardBlock => ({ type: 'mentions', label: `Reminder about "${r.question}"`, people: r.people }));
}

/** The short "since the last heartbeat" message posted in the goal's board thread. */
export function heartbeatCard(view: HeartbeatView): Card {
  const sinceText = view.since === null ? 'first heartbeat' : `since ${dateTime(view.since, view.timezone)}`;
  const items = actionItems(view);
  const activity = activityLine(view);
  const blocks: CardBlock[] = [
    { type: 'header', text: `Heartbeat · ${view.goalTitle}`, status: view.late ? 'late' : 'on time', ...(view.late ? { tone: 'warning' as const } : {}) },
    { type: 'context', text: `${dateTime(view.at, view.timezone)}, ${sinceText}${view.late ? '. This heartbeat is late: the server was down when it was due.' : '.'}` },
  ];
  if (items.length > 0) blocks.push({ type: 'list', title: 'What the heartbeat did', items }, ...reminderBlocks(view));
  if (activity !== null) blocks.push({ type: 'text', text: activity });
  const headline = items.length > 0 ? items.map((i) => i.text).slice(0, 2).join('; ') : (activity ?? 'No changes');
  return { key: `heartbeat:${view.goalId}:${view.period}`, kind: 'heartbeat', fallbackText: `Heartbeat for ${view.goalTitle}: ${headline}`, blocks };
}
