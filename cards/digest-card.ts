import { gateButtons } from './gate-card.js';
import { glanceBlocks, type DigestGlance } from './glance.js';
import { quietMonitorBlocks } from './monitor-card.js';
import type { Card, CardBlock, CardItem, CardPerson } from './model.js';
import { userActionBlocks, userActionsText } from './user-action.js';
import type { QuietMonitorSummary, UserActionSummary } from './views.js';
import { countText, elapsedText, namesText } from './wording.js';
import { dateTime } from './format.js';

/** A pending gate as the digest lists it. */
export interface DigestGate {
  readonly gateId: string;
  readonly revision: number;
  readonly question: string;
  readonly askedAt: string;
  /** The people whose vote can still count. */
  readonly waitingOn: readonly CardPerson[];
  /** The choices a gate asked with options offers (one approve button each). */
  readonly options?: readonly string[];
  /** A high-risk gate's approval is confirmed first. */
  readonly risk?: 'low' | 'normal' | 'high';
}

/** Spend and progress since the last digest. */
export interface DigestProgress {
  /** Evidence that moved the goal (`outcome_progress`, `primary_goal_outcome`). */
  readonly accountable: number;
  /** Activity that did not (`surface_only`, `outcome_gap`, or no outcome given). */
  readonly surfaceOnly: number;
  readonly tokensIn: number;
  readonly tokensOut: number;
  /** Null when no agent reported a cost. */
  readonly costUsd: number | null;
  readonly quota: { readonly spent: number; readonly allowed: number; readonly windowHours: number } | null;
}

/** Everything one goal's daily digest says, read from the database at `at`. */
export interface DigestView {
  readonly goalId: string;
  readonly goalTitle: string;
  readonly timezone: string;
  /** The local day the digest is for (`2026-03-08`). */
  readonly day: string;
  readonly at: string;
  readonly since: string | null;
  readonly late: boolean;
  readonly needsYou: readonly DigestGate[];
  /** Open user actions (to-dos for a person), oldest first. */
  readonly userActions: readonly UserActionSummary[];
  readonly blocked: readonly { todoId: string; text: string; reason: string }[];
  readonly done: readonly { todoId: string; text: string; completedAt: string }[];
  readonly staleAgents: readonly { agentId: string; lastSeenAt: string | null }[];
  readonly expiredLeases: readonly { todoId: string; text: string; agentId: string }[];
  /** Gates a standing grant approved automatically since the last digest, each citing its grant. */
  readonly grantApprovals?: readonly { gateId: string; grantId: string; question: string; citation: string }[];
  readonly progress: DigestProgress;
  /**
   * The ledger head when the digest was built. Posted to the channel, where the database owner cannot rewrite
   * it, so `loopx audit verify --head <seq>:<hash>` can later prove the ledger up to it was not rewritten.
   */
  readonly ledgerHead?: { readonly seq: number; readonly hash: string } | null;
  /** Lanes and a 7-day evidence sparkline in text, with the goal page's charts link. */
  readonly glance?: DigestGlance;
  /** Monitors whose checks keep finding nothing: stop or keep watching? */
  readonly quietMonitors?: readonly QuietMonitorSummary[];
}

/** How much a digest shows before it says "and N more". */
export interface DigestLimits {
  readonly perSection: number;
}

/** Sections show five items by default: a digest is read on a phone. */
export const DEFAULT_DIGEST_LIMITS: DigestLimits = { perSection: 5 };

function section(title: string, items: readonly CardItem[], limits: DigestLimits, goalId: string): CardBlock[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, limits.perSection);
  const more = items.length - shown.length;
  const blocks: CardBlock[] = [{ type: 'list', title, items: shown, ...(more > 0 ? { more } : {}) }];
  if (more > 0) blocks.push({ type: 'context', text: `and ${more} more: run \`loopx status ${goalId}\` for the full list.` });
  return blocks;
}

// Needs you: oldest first, each gate followed by its own buttons (only the ones shown, so the card stays
// within platform limits), then "and N more".
/** Who a digest is drawn for: the channel (everything) or one person (the web preview: only what is theirs). */
export interface DigestCardOptions {
  readonly viewerId?: string;
}

/** The part of the digest's "Needs you" that is the viewer's, and the gates that wait on others only. */
function forViewer(view: DigestView, options: DigestCardOptions): { gates: readonly DigestGate[]; actions: readonly UserActionSummary[]; others: readonly DigestGate[] } {
  const viewer = options.viewerId;
  if (viewer === undefined) return { gates: view.needsYou, actions: view.userActions, others: [] };
  const mine = (g: DigestGate) => g.waitingOn.some((p) => p.id === viewer);
  return { gates: view.needsYou.filter(mine), actions: view.userActions.filter((a) => a.deciderIds?.includes(viewer) ?? true), others: view.needsYou.filter((g) => !mine(g)) };
}

function othersLine(others: readonly DigestGate[]): CardBlock[] {
  if (others.length === 0) return [];
  const names = [...new Set(others.flatMap((g) => g.waitingOn.map((p) => p.name)))];
  return [{ type: 'context', text: `${others.length === 1 ? '1 more gate waits' : `${others.length} more gates wait`} on others (${namesText(names)}).` }];
}

function needsYouBlocks(view: DigestView, limits: DigestLimits, options: DigestCardOptions): CardBlock[] {
  const own = forViewer(view, options);
  const total = own.gates.length + own.actions.length;
  if (total === 0) return [{ type: 'text', text: options.viewerId === undefined ? 'Needs you: nothing. No gate or to-do is waiting on a person.' : 'Needs you: nothing.', tone: 'good' }, ...othersLine(own.others)];
  const gates = [...own.gates].sort((a, b) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : 0));
  const shown = gates.slice(0, limits.perSection);
  const actions = own.actions.slice(0, Math.max(0, limits.perSection - shown.length));
  const more = total - shown.length - actions.length;
  return [
    { type: 'text', text: `Needs you (${total}), oldest first:` },
    ...shown.flatMap((g): CardBlock[] => [
      { type: 'text', text: `${g.question} (waiting ${elapsedText(g.askedAt, view.at)} on ${namesText(g.waitingOn.map((p) => p.name))})`, tone: 'warning' },
      { type: 'actions', buttons: gateButtons(g.gateId, g.revision, ['approve', 'reject'], g.options, { question: g.question, risk: g.risk ?? 'normal' }) },
    ]),
    ...userActionBlocks(actions),
    ...(more > 0 ? [{ type: 'context' as const, text: `and ${more} more: run \`loopx status ${view.goalId}\` for the full list.` }] : []),
    ...othersLine(own.others),
  ];
}

function progressText(progress: DigestProgress): string {
  const parts = [`${countText(progress.accountable, 'report')} of real progress`, `${countText(progress.surfaceOnly, 'surface-only update')}`];
  const usage = progress.tokensIn + progress.tokensOut > 0 ? ` Tokens: ${progress.tokensIn.toLocaleString('en-US')} in, ${progress.tokensOut.toLocaleString('en-US')} out.` : '';
  const cost = progress.costUsd !== null ? ` Cost: $${progress.costUsd.toFixed(2)}.` : '';
  const quota = progress.quota ? ` Quota: ${progress.quota.spent} of ${progress.quota.allowed} slots used in the last ${progress.quota.windowHours} h.` : '';
  return `Progress and spend: ${parts.join(', ')}.${usage}${cost}${quota}`;
}

function healthItems(view: DigestView): CardItem[] {
  return [
    ...view.staleAgents.map((s): CardItem => ({
      text: `Agent ${s.agentId} is stale`,
      meta: s.lastSeenAt === null ? 'it never reported' : `last seen ${elapsedText(s.lastSeenAt, view.at)} ago`,
      tone: 'warning',
    })),
    ...view.expiredLeases.map((l): CardItem => ({ text: `Lease expired: ${l.text}`, meta: `was held by ${l.agentId}`, tone: 'muted' })),
  ];
}

/** The daily digest for one goal: what needs a person first, then blocked, done, stale agents, progress. */
export function digestCard(view: DigestView, limits: DigestLimits = DEFAULT_DIGEST_LIMITS, options: DigestCardOptions = {}): Card {
  const since = view.since === null ? 'everything since the goal started' : `everything since ${dateTime(view.since, view.timezone)}`;
  const blocks: CardBlock[] = [
    { type: 'header', text: `Daily digest · ${view.goalTitle} · ${view.day}`, ...(view.late ? { status: 'late', tone: 'warning' as const } : {}) },
    { type: 'context', text: `Times are in ${view.timezone}. Covers ${since}.${view.late ? ' This digest is late: the server was down when it was due.' : ''}` },
    ...glanceBlocks(view.glance),
    ...needsYouBlocks(view, limits, options),
    ...quietMonitorBlocks(view.quietMonitors ?? []),
    ...section(`Approved by standing grants (${view.grantApprovals?.length ?? 0})`, (view.grantApprovals ?? []).map((g) => ({ text: g.question, meta: `${g.citation} Revoke: loopx grant revoke ${g.grantId}` })), limits, view.goalId),
    ...section(`Blocked (${view.blocked.length})`, view.blocked.map((t) => ({ text: t.text, meta: t.reason })), limits, view.goalId),
    ...section(`Done since the last digest (${view.done.length})`, view.done.map((t) => ({ text: t.text, tone: 'good' as const })), limits, view.goalId),
    ...section('Stale agents and expired leases', healthItems(view), limits, view.goalId),
    { type: 'text', text: progressText(view.progress) },
    ...(view.ledgerHead ? [{ type: 'context' as const, text: `Ledger head ${view.ledgerHead.seq}:${view.ledgerHead.hash} (check later: loopx audit verify --head ${view.ledgerHead.seq}:${view.ledgerHead.hash})` }] : []),
  ];
  const asks = [view.needsYou.length > 0 ? `${countText(view.needsYou.length, 'gate')} need you` : '', view.userActions.length > 0 ? userActionsText(view.userActions.length) : ''];
  const headline = asks.filter((a) => a !== '').join(', ') || 'nothing needs you';
  return {
    key: `digest:${view.goalId}:${view.day}`,
    kind: 'digest',
    fallbackText: `Daily digest for ${view.goalTitle} (${view.day}, ${view.timezone}): ${headline}, ${view.blocked.length} blocked, ${view.done.length} done.`,
    blocks,
  };
}
