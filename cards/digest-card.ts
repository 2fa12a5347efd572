import { gateButtons } from './gate-card.js';
import { glanceBlocks, type DigestGlance } from './glance.js';
import { quietMonitorBlocks } from './monitor-card.js';
import type { Card, CardBlock, CardItem, CardPerson } from './model.js';
import { cardLocale, elapsedIn, namesIn, translator, type Locale, type Translator } from './i18n/index.js';
import { userActionBlocks } from './user-action.js';
import type { QuietMonitorSummary, UserActionSummary } from './views.js';

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
  readonly risk: 'low' | 'normal' | 'high';
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

function section(title: string, items: readonly CardItem[], limits: DigestLimits, goalId: string, tr: Translator): CardBlock[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, limits.perSection);
  const more = items.length - shown.length;
  const blocks: CardBlock[] = [{ type: 'list', title, items: shown, ...(more > 0 ? { more } : {}) }];
  if (more > 0) blocks.push({ type: 'context', text: tr.t('digest.more', { count: more, goal: goalId }) });
  return blocks;
}

// Needs you: oldest first, each gate followed by its own buttons (only the ones shown, so the card stays
// within platform limits), then "and N more".
/** Who a digest is drawn for: the channel (everything) or one person (the web preview: only what is theirs). */
export interface DigestCardOptions {
  readonly viewerId?: string;
  /** The reader's language: the binding's for a chat (default English). */
  readonly locale?: Locale;
}

/** The part of the digest's "Needs you" that is the viewer's, and the gates that wait on others only. */
function forViewer(view: DigestView, options: DigestCardOptions): { gates: readonly DigestGate[]; actions: readonly UserActionSummary[]; others: readonly DigestGate[] } {
  const viewer = options.viewerId;
  if (viewer === undefined) return { gates: view.needsYou, actions: view.userActions, others: [] };
  const mine = (g: DigestGate) => g.waitingOn.some((p) => p.id === viewer);
  return { gates: view.needsYou.filter(mine), actions: view.userActions.filter((a) => a.deciderIds?.includes(viewer) ?? true), others: view.needsYou.filter((g) => !mine(g)) };
}

function othersLine(others: readonly DigestGate[], tr: Translator): CardBlock[] {
  if (others.length === 0) return [];
  const names = [...new Set(others.flatMap((g) => g.waitingOn.map((p) => p.name)))];
  return [{ type: 'context', text: tr.t('digest.others', { count: others.length, names: namesIn(tr, names) }) }];
}

function needsYouBlocks(view: DigestView, limits: DigestLimits, options: DigestCardOptions, tr: Translator): CardBlock[] {
  const own = forViewer(view, options);
  const total = own.gates.length + own.actions.length;
  if (total === 0) return [{ type: 'text', text: tr.t(options.viewerId === undefined ? 'digest.nothing.channel' : 'digest.nothing.person'), tone: 'good' }, ...othersLine(own.others, tr)];
  const gates = [...own.gates].sort((a, b) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : 0));
  const shown = gates.slice(0, limits.perSection);
  const actions = own.actions.slice(0, Math.max(0, limits.perSection - shown.length));
  const more = total - shown.length - actions.length;
  return [
    { type: 'text', text: tr.t('digest.needsYou', { count: total }) },
    ...shown.flatMap((g): CardBlock[] => [
      { type: 'text', text: tr.t('digest.gate', { question: g.question, waited: elapsedIn(tr, g.askedAt, view.at), names: namesIn(tr, g.waitingOn.map((p) => p.name)) }), tone: 'warning' },
      { type: 'actions', buttons: gateButtons(g.gateId, g.revision, ['approve', 'reject'], g.options, g, tr) },
    ]),
    ...userActionBlocks(actions, tr),
    ...(more > 0 ? [{ type: 'context' as const, text: tr.t('digest.more', { count: more, goal: view.goalId }) }] : []),
    ...othersLine(own.others, tr),
  ];
}

function progressText(progress: DigestProgress, tr: Translator): string {
  const parts = [tr.t('digest.reports', { count: progress.accountable }), tr.t('digest.surfaceOnly', { count: progress.surfaceOnly })];
  const number = (n: number) => n.toLocaleString(tr.locale === 'en' ? 'en-US' : tr.locale);
  const usage = progress.tokensIn + progress.tokensOut > 0 ? tr.t('digest.tokens', { tokensIn: number(progress.tokensIn), tokensOut: number(progress.tokensOut) }) : '';
  const cost = progress.costUsd !== null ? tr.t('digest.cost', { cost: `$${progress.costUsd.toFixed(2)}` }) : '';
  const quota = progress.quota ? tr.t('digest.quota', { spent: progress.quota.spent, allowed: progress.quota.allowed, hours: progress.quota.windowHours }) : '';
  return tr.t('digest.progress', { parts: parts.join(tr.t('names.separator')), usage, cost, quota });
}

function healthItems(view: DigestView, tr: Translator): CardItem[] {
  return [
    ...view.staleAgents.map((s): CardItem => ({
      text: tr.t('digest.staleAgent', { agent: s.agentId }),
      meta: s.lastSeenAt === null ? tr.t('digest.neverReported') : tr.t('digest.lastSeen', { ago: tr.ago(s.lastSeenAt, view.at) }),
      tone: 'warning',
    })),
    ...view.expiredLeases.map((l): CardItem => ({ text: tr.t('digest.leaseExpired', { text: l.text }), meta: tr.t('digest.heldBy', { agent: l.agentId }), tone: 'muted' })),
  ];
}

function headline(view: DigestView, tr: Translator): string {
  const asks = [view.needsYou.length > 0 ? tr.t('digest.asks.gates', { count: view.needsYou.length }) : '', view.userActions.length > 0 ? tr.t('digest.asks.actions', { count: view.userActions.length }) : ''];
  return asks.filter((a) => a !== '').join(tr.t('names.separator')) || tr.t('digest.asks.none');
}

/** The daily digest for one goal: what needs a person first, then blocked, done, stale agents, progress. */
export function digestCard(view: DigestView, limits: DigestLimits = DEFAULT_DIGEST_LIMITS, options: DigestCardOptions = {}): Card {
  const tr = translator(options.locale);
  const since = view.since === null ? tr.t('digest.since.start') : tr.t('digest.since', { time: tr.dateTime(view.since, view.timezone) });
  const head = view.ledgerHead ? `${view.ledgerHead.seq}:${view.ledgerHead.hash}` : null;
  const blocks: CardBlock[] = [
    { type: 'header', text: tr.t('digest.title', { goal: view.goalTitle, day: view.day }), ...(view.late ? { status: tr.t('digest.late'), tone: 'warning' as const } : {}) },
    { type: 'context', text: tr.t('digest.intro', { timezone: view.timezone, since, late: view.late ? tr.t('digest.intro.late') : '' }) },
    ...glanceBlocks(view.glance, tr),
    ...needsYouBlocks(view, limits, options, tr),
    ...quietMonitorBlocks(view.quietMonitors ?? [], tr),
    ...section(tr.t('digest.granted', { count: view.grantApprovals?.length ?? 0 }), (view.grantApprovals ?? []).map((g) => ({ text: g.question, meta: tr.t('digest.revoke', { citation: g.citation, grant: g.grantId }) })), limits, view.goalId, tr),
    ...section(tr.t('digest.blocked', { count: view.blocked.length }), view.blocked.map((t) => ({ text: t.text, meta: t.reason })), limits, view.goalId, tr),
    ...section(tr.t('digest.done', { count: view.done.length }), view.done.map((t) => ({ text: t.text, tone: 'good' as const })), limits, view.goalId, tr),
    ...section(tr.t('digest.health'), healthItems(view, tr), limits, view.goalId, tr),
    { type: 'text', text: progressText(view.progress, tr) },
    ...(head ? [{ type: 'context' as const, text: tr.t('digest.ledger', { head }) }] : []),
  ];
  return {
    key: `digest:${view.goalId}:${view.day}`,
    kind: 'digest',
    fallbackText: tr.t('digest.fallback', { goal: view.goalTitle, day: view.day, timezone: view.timezone, headline: headline(view, tr), blocked: view.blocked.length, done: view.done.length }),
    blocks,
    ...cardLocale(tr),
  };
}
