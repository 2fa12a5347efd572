import type { GateChoice } from '../src/contract/card-action.js';
import { clip } from './format.js';
import { gateButtons } from './gate-card.js';
import type { Card, CardBlock, CardItem } from './model.js';
import { userActionBlocks } from './user-action.js';
import type { PendingGateSummary, UserActionSummary } from './views.js';
import { namesText } from './wording.js';

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
}

/** Gates with their own buttons on a personal view; the rest are counted (a Home tab holds 100 blocks). */
export const PERSONAL_GATES_WITH_BUTTONS = 12;
const PERSONAL_USER_ACTIONS = 8;
const WAITING_ON_OTHERS_SHOWN = 10;
const CHOICES: readonly GateChoice[] = ['approve', 'reject', 'defer'];

function gateBlocks(gate: GoalGate): CardBlock[] {
  const risk = gate.risk === 'high' ? ' · high risk' : '';
  return [
    { type: 'text', text: `${clip(gate.question, 280)}\n${gate.goalTitle} · asked by ${gate.askedBy}${risk}`, tone: gate.risk === 'high' ? 'danger' : 'normal' },
    { type: 'actions', buttons: gateButtons(gate.id, gate.revision, CHOICES, gate.options, gate) },
  ];
}

function othersBlock(view: PersonalNeedsView): CardBlock[] {
  if (view.waitingOnOthers.length === 0) return [];
  const items = view.waitingOnOthers.slice(0, WAITING_ON_OTHERS_SHOWN).map((gate): CardItem => ({ text: clip(gate.question, 200), meta: `${gate.goalTitle} · waiting on ${namesText((gate.waitingOn ?? []).map((p) => p.name))}`, tone: 'muted' }));
  const more = view.waitingOnOthers.length - items.length;
  return [{ type: 'divider' }, { type: 'list', title: 'Waiting on others', items, ...(more > 0 ? { more } : {}) }];
}

/** A person's own "Needs you": their gates with buttons, their to-dos with Done, then what waits on others (no buttons). */
export function personalNeedsCard(view: PersonalNeedsView): Card {
  const total = view.gates.length + view.userActions.length;
  const blocks: CardBlock[] = [{ type: 'header', text: `Needs you · ${view.personName}`, status: total === 0 ? 'all clear' : `${total} waiting`, tone: total === 0 ? 'good' : 'warning' }];
  if (total === 0) blocks.push({ type: 'text', text: 'Nothing needs you right now.', tone: 'good' });
  const shown = view.gates.slice(0, PERSONAL_GATES_WITH_BUTTONS);
  blocks.push(...shown.flatMap(gateBlocks));
  if (view.gates.length > shown.length) blocks.push({ type: 'context', text: `and ${view.gates.length - shown.length} more gate(s) for you: /loopx gates lists them all.` });
  blocks.push(...userActionBlocks(view.userActions.slice(0, PERSONAL_USER_ACTIONS)), ...othersBlock(view));
  if (view.boardUrl) blocks.push({ type: 'context', text: `Full board: ${view.boardUrl}` });
  return { key: 'needs-you', kind: 'board', fallbackText: total === 0 ? 'Nothing needs you right now.' : `${total} thing(s) need you`, blocks };
}
