import type { Card, CardBlock, CardItem, CardPerson } from './model.js';
import { cardLocale, elapsedIn, namesIn, translator, type Locale, type Translator } from './i18n/index.js';

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

function activityLine(view: HeartbeatView, tr: Translator): string | null {
  const a = view.activity;
  const parts = [
    a.todosDone > 0 ? tr.t('heartbeat.todosDone', { count: a.todosDone }) : null,
    a.todosAdded > 0 ? tr.t('heartbeat.todosAdded', { count: a.todosAdded }) : null,
    a.evidence > 0 ? tr.t('heartbeat.evidence', { count: a.evidence }) : null,
    a.gateDecisions > 0 ? tr.t('heartbeat.gatesDecided', { count: a.gateDecisions }) : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : tr.t('heartbeat.activity', { parts: parts.join(tr.t('names.separator')) });
}

function actionItems(view: HeartbeatView, tr: Translator): CardItem[] {
  const seen = (at: string | null) => (at === null ? tr.t('heartbeat.neverReported') : tr.t('heartbeat.lastSeen', { ago: tr.ago(at, view.at) }));
  return [
    ...view.staleAgents.map((s): CardItem => ({ text: tr.t('heartbeat.stale', { agent: s.agentId }), meta: seen(s.lastSeenAt), tone: 'warning' })),
    ...view.recoveredAgents.map((id): CardItem => ({ text: tr.t('heartbeat.recovered', { agent: id }), tone: 'good' })),
    ...view.expiredLeases.map((l): CardItem => ({ text: tr.t('heartbeat.leaseExpired', { text: l.text }), meta: tr.t('heartbeat.leaseFree', { agent: l.agentId }), tone: 'warning' })),
    ...view.resumedTodos.map((t): CardItem => ({ text: tr.t('heartbeat.resumed', { text: t.text }), meta: tr.t('heartbeat.resumedWhy'), tone: 'good' })),
    ...view.expiredGates.map((g): CardItem => ({ text: tr.t('heartbeat.gateExpired', { question: g.question }), meta: tr.t('heartbeat.onExpire', { action: g.onExpire.replace('_', ' ') }), tone: 'danger' })),
    ...view.reminders.map((r): CardItem => ({ text: tr.t('heartbeat.reminderSent', { question: r.question }), meta: tr.t('heartbeat.asked', { step: r.step, names: namesIn(tr, r.people.map((p) => p.name)) }), tone: 'warning' })),
  ];
}

/** Each reminder @mentions the people it reminds, under the gate's question. */
function reminderBlocks(view: HeartbeatView, tr: Translator): CardBlock[] {
  return view.reminders.filter((r) => r.people.length > 0).map((r): CardBlock => ({ type: 'mentions', label: tr.t('heartbeat.reminderAbout', { question: r.question }), people: r.people }));
}

/** The short "since the last heartbeat" message posted in the goal's board thread, in the chat's language. */
export function heartbeatCard(view: HeartbeatView, locale: Locale = 'en'): Card {
  const tr = translator(locale);
  const sinceText = view.since === null ? tr.t('heartbeat.first') : tr.t('heartbeat.since', { time: tr.dateTime(view.since, view.timezone) });
  const items = actionItems(view, tr);
  const activity = activityLine(view, tr);
  const blocks: CardBlock[] = [
    { type: 'header', text: tr.t('heartbeat.title', { goal: view.goalTitle }), status: tr.t(view.late ? 'heartbeat.late' : 'heartbeat.onTime'), ...(view.late ? { tone: 'warning' as const } : {}) },
    { type: 'context', text: tr.t('heartbeat.when', { time: tr.dateTime(view.at, view.timezone), since: sinceText, late: tr.t(view.late ? 'heartbeat.whenLate' : 'heartbeat.whenOnTime') }) },
  ];
  if (items.length > 0) blocks.push({ type: 'list', title: tr.t('heartbeat.did'), items }, ...reminderBlocks(view, tr));
  if (activity !== null) blocks.push({ type: 'text', text: activity });
  const headline = items.length > 0 ? items.map((i) => i.text).slice(0, 2).join('; ') : (activity ?? tr.t('heartbeat.noChanges'));
  return { key: `heartbeat:${view.goalId}:${view.period}`, kind: 'heartbeat', fallbackText: tr.t('heartbeat.fallback', { goal: view.goalTitle, headline }), blocks, ...cardLocale(tr) };
}
