import type { GateChoice } from '../src/contract/card-action.js';
import { clip } from './format.js';
import { evidenceMeta, gateButtons, waitingOnBlock } from './gate-card.js';
import { cardLocale, translator, type Locale, type Translator } from './i18n/index.js';
import type { Card, CardBlock, CardItem, Tone } from './model.js';
import { userActionBlocks } from './user-action.js';
import { quietMonitorBlocks } from './monitor-card.js';
import type { BoardView, PendingGateSummary } from './views.js';

/** How many pending gates get their own buttons on the board; the rest are listed as a count. */
export const BOARD_GATES_WITH_BUTTONS = 5;

const STATUS_TONE: Readonly<Record<BoardView['goal']['status'], Tone>> = { active: 'good', stopped: 'warning', completed: 'muted' };
const RISK_TONE: Readonly<Record<PendingGateSummary['risk'], Tone>> = { low: 'normal', normal: 'normal', high: 'danger' };
const BOARD_CHOICES: readonly GateChoice[] = ['approve', 'reject', 'defer'];

/** How many user actions get their own Done button on the board; the rest are listed as a count. */
export const BOARD_USER_ACTIONS_WITH_BUTTONS = 5;

/** Whom a board card is drawn for: a shared card (a channel) offers every gate's buttons, a personal one only the viewer's. */
export interface BoardCardOptions {
  /** The person looking (web board); omitted for shared cards. */
  readonly viewerId?: string;
  /** The reader's language: the binding's for a chat (default English). */
  readonly locale?: Locale;
}

function decidableBy(gate: PendingGateSummary, options: BoardCardOptions): boolean {
  return options.viewerId === undefined || (gate.waitingOn ?? []).some((p) => p.id === options.viewerId);
}

function needsYouBlocks(view: BoardView, options: BoardCardOptions, tr: Translator): CardBlock[] {
  const total = view.needsYouTotal + view.userActionsTotal;
  if (total === 0) return [{ type: 'text', text: tr.t('board.needsYou.none'), tone: 'muted' }];
  const blocks: CardBlock[] = [{ type: 'text', text: tr.t('board.needsYou.count', { count: total }), tone: 'warning' }];
  const shown = view.needsYou.slice(0, BOARD_GATES_WITH_BUTTONS);
  for (const gate of shown) {
    const risk = gate.risk === 'normal' ? '' : tr.t('board.gate.risk', { risk: tr.t(`gate.risk.${gate.risk}`) });
    blocks.push({ type: 'text', text: tr.t('board.gate.asked', { question: clip(gate.question, 280), name: gate.askedBy, risk }), tone: RISK_TONE[gate.risk] });
    if (gate.waitingOn) blocks.push(waitingOnBlock(gate.waitingOn, tr));
    if (decidableBy(gate, options)) blocks.push({ type: 'actions', buttons: gateButtons(gate.id, gate.revision, BOARD_CHOICES, gate.options, gate, tr) });
  }
  const hidden = view.needsYouTotal - shown.length;
  if (hidden > 0) blocks.push({ type: 'context', text: tr.t('board.gates.more', { count: hidden }) });
  const actions = view.userActions.slice(0, BOARD_USER_ACTIONS_WITH_BUTTONS);
  blocks.push(...userActionBlocks(actions, tr));
  if (view.userActionsTotal > actions.length) blocks.push({ type: 'context', text: tr.t('board.actions.more', { count: view.userActionsTotal - actions.length, goal: view.goal.id }) });
  return blocks;
}

function lanesBlock(view: BoardView, tr: Translator): CardBlock {
  return {
    type: 'lanes',
    lanes: view.lanes.map((lane) => ({
      lane: lane.lane,
      label: tr.t(`board.lane.${lane.lane}`),
      count: lane.count,
      items: lane.top.map((item): CardItem => (item.meta === undefined ? { text: item.text } : { text: item.text, meta: item.meta })),
    })),
  };
}

function evidenceBlock(view: BoardView, tr: Translator): CardBlock {
  const evidence = view.latestEvidence;
  if (!evidence) return { type: 'list', title: tr.t('board.evidence'), items: [{ text: tr.t('board.evidence.none'), tone: 'muted' }] };
  const meta = evidenceMeta(evidence, tr.clockTime(evidence.at, view.goal.timezone), tr);
  const item: CardItem = evidence.url ? { text: evidence.summary, meta, link: { label: tr.t('gate.open'), url: evidence.url } } : { text: evidence.summary, meta };
  return { type: 'list', title: tr.t('board.evidence'), items: [item] };
}

function factsBlock(view: BoardView, tr: Translator): CardBlock {
  const quota = view.quota ? tr.t('board.quota', { spent: view.quota.spent, allowed: view.quota.allowed, hours: view.quota.windowHours }) : tr.t('board.quota.none');
  const activity = view.lastActivity ? tr.t('board.activity', { agent: view.lastActivity.agentId, time: tr.dateTime(view.lastActivity.at, view.goal.timezone) }) : tr.t('board.activity.none');
  return { type: 'fields', fields: [{ label: tr.t('board.field.quota'), value: quota }, { label: tr.t('board.field.activity'), value: activity }] };
}

function fallbackText(view: BoardView, tr: Translator): string {
  const counts = view.lanes.filter((l) => l.count > 0).map((l) => tr.t('board.fallback.lane', { lane: tr.t(`board.lane.${l.lane}`), count: l.count }));
  const gates = view.needsYouTotal > 0 ? tr.t('board.fallback.gates', { count: view.needsYouTotal }) : '';
  const actions = view.userActionsTotal > 0 ? tr.t('board.fallback.actions', { count: view.userActionsTotal }) : '';
  return tr.t('board.fallback', { title: view.goal.title, status: tr.t(`board.status.${view.goal.status}`), counts: counts.join(tr.t('names.separator')) || tr.t('board.fallback.empty'), gates, actions });
}

function staleBlocks(view: BoardView, tr: Translator): CardBlock[] {
  const blocks: CardBlock[] = [];
  const zone = view.goal.timezone;
  if (view.staleSince !== null) blocks.push({ type: 'text', text: tr.t('board.stale', { time: tr.dateTime(view.staleSince, zone) }), tone: 'danger' });
  if (view.staleAgents.length > 0) {
    const agents = view.staleAgents.map((a) => (a.lastSeenAt === null ? tr.t('board.staleAgent.never', { agent: a.agentId }) : tr.t('board.staleAgent.seen', { agent: a.agentId, time: tr.dateTime(a.lastSeenAt, zone) })));
    blocks.push({ type: 'text', text: tr.t('board.staleAgents', { agents: agents.join(tr.t('names.separator')) }), tone: 'warning' });
  }
  return blocks;
}

/** The board card of one goal: status, objective, the seven lanes, what needs a person, evidence, quota, activity. */
export function boardCard(view: BoardView, options: BoardCardOptions = {}): Card {
  const tr = translator(options.locale);
  const blocks: CardBlock[] = [
    { type: 'header', text: view.goal.title, status: tr.t(`board.status.${view.goal.status}`), tone: STATUS_TONE[view.goal.status] },
    { type: 'text', text: view.goal.objective },
    ...staleBlocks(view, tr),
  ];
  blocks.push(...needsYouBlocks(view, options, tr), ...quietMonitorBlocks(view.quietMonitors ?? [], tr), { type: 'divider' }, lanesBlock(view, tr), evidenceBlock(view, tr), factsBlock(view, tr));
  const link = view.boardUrl ? tr.t('board.context.link', { url: view.boardUrl }) : '';
  blocks.push({ type: 'context', text: tr.t('board.context', { goal: view.goal.id, time: tr.dateTime(view.updatedAt, view.goal.timezone), link }) });
  return { key: boardCardKey(view.goal.id), kind: 'board', fallbackText: fallbackText(view, tr), blocks, ...cardLocale(tr) };
}

/** The projection key of a goal's board card. */
export function boardCardKey(goalId: string): string {
  return `goal:${goalId}`;
}
