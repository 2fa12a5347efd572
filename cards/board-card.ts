import type { GateChoice } from '../src/contract/card-action.js';
import { LANE_LABELS } from '../src/kernel/lanes.js';
import { clip, clockTime, dateTime } from './format.js';
import { gateButtons, waitingOnBlock } from './gate-card.js';
import type { Card, CardBlock, CardItem, Tone } from './model.js';
import { userActionBlocks, userActionsText } from './user-action.js';
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
}

function decidableBy(gate: PendingGateSummary, options: BoardCardOptions): boolean {
  return options.viewerId === undefined || (gate.waitingOn ?? []).some((p) => p.id === options.viewerId);
}

function needsYouBlocks(view: BoardView, options: BoardCardOptions): CardBlock[] {
  const total = view.needsYouTotal + view.userActionsTotal;
  if (total === 0) return [{ type: 'text', text: 'Needs you: nothing. Agents can keep going.', tone: 'muted' }];
  const blocks: CardBlock[] = [{ type: 'text', text: `Needs you (${total})`, tone: 'warning' }];
  const shown = view.needsYou.slice(0, BOARD_GATES_WITH_BUTTONS);
  for (const gate of shown) {
    const risk = gate.risk === 'normal' ? '' : ` · ${gate.risk} risk`;
    blocks.push({ type: 'text', text: `${clip(gate.question, 280)}\nasked by ${gate.askedBy}${risk}`, tone: RISK_TONE[gate.risk] });
    if (gate.waitingOn) blocks.push(waitingOnBlock(gate.waitingOn));
    if (decidableBy(gate, options)) blocks.push({ type: 'actions', buttons: gateButtons(gate.id, gate.revision, BOARD_CHOICES, gate.options, gate) });
  }
  const hidden = view.needsYouTotal - shown.length;
  if (hidden > 0) blocks.push({ type: 'context', text: `and ${hidden} more pending gate(s): /loopx gates lists them all.` });
  const actions = view.userActions.slice(0, BOARD_USER_ACTIONS_WITH_BUTTONS);
  blocks.push(...userActionBlocks(actions));
  if (view.userActionsTotal > actions.length) blocks.push({ type: 'context', text: `and ${view.userActionsTotal - actions.length} more to-do(s) for a person: loopx status ${view.goal.id} lists them.` });
  return blocks;
}

function lanesBlock(view: BoardView): CardBlock {
  return {
    type: 'lanes',
    lanes: view.lanes.map((lane) => ({
      lane: lane.lane,
      label: LANE_LABELS[lane.lane],
      count: lane.count,
      items: lane.top.map((item): CardItem => (item.meta === undefined ? { text: item.text } : { text: item.text, meta: item.meta })),
    })),
  };
}

function evidenceBlock(view: BoardView): CardBlock {
  const evidence = view.latestEvidence;
  if (!evidence) return { type: 'list', title: 'Latest evidence', items: [{ text: 'none yet', tone: 'muted' }] };
  const meta = `${evidence.kind}${evidence.by ? ` by ${evidence.by}` : ''} · ${clockTime(evidence.at, view.goal.timezone)}`;
  const item: CardItem = evidence.url ? { text: evidence.summary, meta, link: { label: 'open', url: evidence.url } } : { text: evidence.summary, meta };
  return { type: 'list', title: 'Latest evidence', items: [item] };
}

function factsBlock(view: BoardView): CardBlock {
  const quota = view.quota ? `${view.quota.spent} of ${view.quota.allowed} slots in ${view.quota.windowHours} h` : 'no limit set';
  const activity = view.lastActivity ? `${view.lastActivity.agentId} at ${dateTime(view.lastActivity.at, view.goal.timezone)}` : 'no agent activity yet';
  return { type: 'fields', fields: [{ label: 'Quota used', value: quota }, { label: 'Last agent activity', value: activity }] };
}

function fallbackText(view: BoardView): string {
  const counts = view.lanes.filter((l) => l.count > 0).map((l) => `${LANE_LABELS[l.lane]} ${l.count}`);
  const gates = view.needsYouTotal > 0 ? ` · ${view.needsYouTotal} gate(s) need you` : '';
  const actions = view.userActionsTotal > 0 ? ` · ${userActionsText(view.userActionsTotal)}` : '';
  return `${view.goal.title} [${view.goal.status}]: ${counts.join(', ') || 'no todos'}${gates}${actions}`;
}

/** The board card of one goal: status, objective, the seven lanes, what needs a person, evidence, quota, activity. */
export function boardCard(view: BoardView, options: BoardCardOptions = {}): Card {
  const blocks: CardBlock[] = [
    { type: 'header', text: view.goal.title, status: view.goal.status, tone: STATUS_TONE[view.goal.status] },
    { type: 'text', text: view.goal.objective },
  ];
  if (view.staleSince !== null) {
    blocks.push({ type: 'text', text: `Stale: no agent activity since ${dateTime(view.staleSince, view.goal.timezone)}. Check the agents.`, tone: 'danger' });
  }
  if (view.staleAgents.length > 0) {
    const agents = view.staleAgents.map((a) => `${a.agentId} (${a.lastSeenAt === null ? 'never reported' : `last seen ${dateTime(a.lastSeenAt, view.goal.timezone)}`})`);
    blocks.push({ type: 'text', text: `Stale agents, flagged by the heartbeat: ${agents.join(', ')}.`, tone: 'warning' });
  }
  blocks.push(...needsYouBlocks(view, options), ...quietMonitorBlocks(view.quietMonitors ?? []), { type: 'divider' }, lanesBlock(view), evidenceBlock(view), factsBlock(view));
  const link = view.boardUrl ? ` · full board: ${view.boardUrl}` : '';
  blocks.push({ type: 'context', text: `Goal ${view.goal.id} · updated ${dateTime(view.updatedAt, view.goal.timezone)}${link}` });
  return { key: boardCardKey(view.goal.id), kind: 'board', fallbackText: fallbackText(view), blocks };
}

/** The projection key of a goal's board card. */
export function boardCardKey(goalId: string): string {
  return `goal:${goalId}`;
}
