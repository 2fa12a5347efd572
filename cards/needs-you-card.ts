import type { GateChoice } from '../src/contract/card-action.js';
import { clip } from './format.js';
import { gateButtons } from './gate-card.js';
import type { Card, CardBlock, CardItem } from './model.js';
import { userActionBlocks } from './user-action.js';
import type { PendingGateSummary, UserActionSummary } from './views.js';
import { cardLocale, namesIn, translator, type Locale, type Translator } from './i18n/index.js';

/** A pending gate on a personal view, with the goal it belongs to. */
export interface GoalGate extends PendingGateSummary {
  readonly goalTitle: string;
}

/** One person's "Needs you" (Slack App Home): what they may decide or do, and what waits on others. */
export interface PersonalNeedsView {
  readonly personName: string;
  readonly gates: readonly GoalGate[];
  readonly userActions: readonly UserActionSummary[];
  readonly waitingOnOthers: readonly GoalGate[];
  readonly boardUrl: string | null;
  /** The person's language (default English). */
  readonly locale?: Locale;
}

/** Gates with their own buttons on a personal view; the rest are counted (a Home tab holds 100 blocks). */
export const PERSONAL_GATES_WITH_BUTTONS = 12;
const PERSONAL_USER_ACTIONS = 8;
const WAITING_ON_OTHERS_SHOWN = 10;
const CHOICES: readonly GateChoice[] = ['approve', 'reject', 'defer'];

function gateBlocks(gate: GoalGate, tr: Translator): CardBlock[] {
  const risk = gate.risk === 'high' ? tr.t('board.gate.risk', { risk: tr.t('gate.risk.high') }) : '';
  return [
    { type: 'text', text: tr.t('needs.gate', { question: clip(gate.question, 280), goal: gate.goalTitle, name: gate.askedBy, risk }), tone: gate.risk === 'high' ? 'danger' : 'normal' },
    { type: 'actions', buttons: gateButtons(gate.id, gate.revision, CHOICES, gate.options, gate, tr) },
  ];
}

function othersBlock(view: PersonalNeedsView, tr: Translator): CardBlock[] {
  if (view.waitingOnOthers.length === 0) return [];
  const items = view.waitingOnOthers.slice(0, WAITING_ON_OTHERS_SHOWN).map((gate): CardItem => ({ text: clip(gate.question, 200), meta: tr.t('needs.othersItem', { goal: gate.goalTitle, names: namesIn(tr, (gate.waitingOn ?? []).map((p) => p.name)) }), tone: 'muted' }));
  const more = view.waitingOnOthers.length - items.length;
  return [{ type: 'divider' }, { type: 'list', title: tr.t('needs.others'), items, ...(more > 0 ? { more } : {}) }];
}

/** A person's own "Needs you" in their language: their gates with buttons, their to-dos with Done, then what waits on others. */
export function personalNeedsCard(view: PersonalNeedsView): Card {
  const tr = translator(view.locale);
  const total = view.gates.length + view.userActions.length;
  const blocks: CardBlock[] = [{ type: 'header', text: tr.t('needs.title', { name: view.personName }), status: total === 0 ? tr.t('needs.allClear') : tr.t('needs.waiting', { count: total }), tone: total === 0 ? 'good' : 'warning' }];
  if (total === 0) blocks.push({ type: 'text', text: tr.t('needs.nothing'), tone: 'good' });
  const shown = view.gates.slice(0, PERSONAL_GATES_WITH_BUTTONS);
  blocks.push(...shown.flatMap((gate) => gateBlocks(gate, tr)));
  if (view.gates.length > shown.length) blocks.push({ type: 'context', text: tr.t('needs.moreGates', { count: view.gates.length - shown.length }) });
  blocks.push(...userActionBlocks(view.userActions.slice(0, PERSONAL_USER_ACTIONS), tr), ...othersBlock(view, tr));
  if (view.boardUrl) blocks.push({ type: 'context', text: tr.t('needs.board', { url: view.boardUrl }) });
  return { key: 'needs-you', kind: 'board', fallbackText: total === 0 ? tr.t('needs.nothing') : tr.t('needs.fallback', { count: total }), blocks, ...cardLocale(tr) };
}
