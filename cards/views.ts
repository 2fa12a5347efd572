import type { GateChoice } from '../src/contract/card-action.js';
import type { Lane } from '../src/kernel/lanes.js';
import type { CardPerson } from './model.js';

// The read models the card builders take. The app fills them from the store (src/app/queries/card-views.ts);
// the builders are pure, so the same view always renders the same card on every surface.

/** A pending gate as the board's "Needs you" section shows it. */
export interface PendingGateSummary {
  readonly id: string;
  readonly question: string;
  readonly revision: number;
  readonly risk: 'low' | 'normal' | 'high';
  /** Display name of who asked (agent id or person name). */
  readonly askedBy: string;
  readonly createdAt: string;
  /** The choices a gate asked with options offers (one approve button each). */
  readonly options?: readonly string[];
  /** The people whose vote can still count on it (named, and @mentioned where linked). */
  readonly waitingOn?: readonly CardPerson[];
}

/** An open user action (a to-do for a person) as "Needs you" shows it, with a Done button. */
export interface UserActionSummary {
  readonly id: string;
  readonly text: string;
  /** Display names of the people it waits on. */
  readonly waitingOn: readonly string[];
  /** Ids of the people who may mark it done (personal views pick the viewer's own). */
  readonly deciderIds?: readonly string[];
  readonly createdAt: string;
}

/** One lane of the board: its count and its top items. */
export interface LaneView {
  readonly lane: Lane;
  readonly count: number;
  readonly top: readonly { readonly text: string; readonly meta?: string }[];
}

/** Everything the board card of one goal shows. */
export interface BoardView {
  readonly goal: { readonly id: string; readonly title: string; readonly status: 'active' | 'stopped' | 'completed'; readonly objective: string; readonly timezone: string };
  /** The seven lanes in board order. */
  readonly lanes: readonly LaneView[];
  /** The oldest pending gates (the card gives the first few buttons); `needsYouTotal` counts them all. */
  readonly needsYou: readonly PendingGateSummary[];
  readonly needsYouTotal: number;
  /** The oldest open user actions (each with a Done button); `userActionsTotal` counts them all. */
  readonly userActions: readonly UserActionSummary[];
  readonly userActionsTotal: number;
  /** Monitors whose checks keep finding nothing: a person says stop or keep watching. */
  readonly quietMonitors?: readonly QuietMonitorSummary[];
  readonly latestEvidence: { readonly kind: string; readonly summary: string; readonly url: string | null; readonly by: string | null; readonly at: string } | null;
  /** Quota spent in the current window; null while the goal has no quota policy. */
  readonly quota: { readonly spent: number; readonly allowed: number; readonly windowHours: number } | null;
  readonly lastActivity: { readonly agentId: string; readonly at: string } | null;
  /** When agent activity stopped counting as recent (2 heartbeat intervals); null when not stale. */
  readonly staleSince: string | null;
  /** Agents the heartbeat flagged as silent for more than two intervals (until they report again). */
  readonly staleAgents: readonly { readonly agentId: string; readonly lastSeenAt: string | null }[];
  /** When the goal's state last changed (its latest ledger event). */
  readonly updatedAt: string;
  /** A link to the full board (web board), for "see more". */
  readonly boardUrl: string | null;
}

/** A decided (or otherwise closed) gate's outcome, from the recorded decision. */
export interface GateDecisionView {
  readonly outcome: 'approved' | 'rejected' | 'deferred' | 'expired' | 'cancelled' | 'superseded';
  /** Display name of who decided; null for system outcomes (expiry). */
  readonly by: string | null;
  readonly at: string;
  /** Where it was decided: slack, lark, cli, web, system. */
  readonly via: string;
  readonly reason: string | null;
  /** For a deferral: when the gate comes back. */
  readonly until: string | null;
  /** The option an approval chose. */
  readonly option?: string | null;
}

/** What a gate blocks: the whole goal, one agent, or todos by their text (null: a todo no longer on file). */
export type GateBlocks =
  | { readonly kind: 'goal' }
  | { readonly kind: 'agent'; readonly agent: string }
  | { readonly kind: 'todos'; readonly todos: readonly (string | null)[] };

/** Everything a gate card shows. */
export interface GateView {
  readonly id: string;
  readonly goalId: string;
  readonly goalTitle: string;
  readonly question: string;
  readonly context: string | null;
  readonly risk: 'low' | 'normal' | 'high';
  readonly askedBy: string;
  /** What the gate blocks; the card says it (and what approving and rejecting mean) in its language. */
  readonly blocks: GateBlocks;
  readonly expiresAt: string | null;
  readonly revision: number;
  readonly state: 'pending' | GateDecisionView['outcome'];
  readonly decision: GateDecisionView | null;
  readonly timezone: string;
  /** The choices offered as buttons while pending. */
  readonly choices: readonly GateChoice[];
  /** A quorum gate's approvals so far on this revision, by name ("1 of 2 approvals (Bob)"); null without a quorum. */
  readonly approvals?: { readonly names: readonly string[]; readonly needed: number } | null;
  /** The choices a gate asked with options offers (one approve button each). */
  readonly options?: readonly string[];
  /** The standing grant that approved this gate automatically, cited on the card. */
  readonly grantId?: string | null;
  /** While pending: the people whose vote can still count (named, and @mentioned where linked). */
  readonly waitingOn?: readonly CardPerson[];
  /** The latest evidence that backs the ask (linked to the gate, then its todos, then the goal's latest). */
  readonly evidence?: { readonly kind: string; readonly summary: string; readonly url: string | null; readonly by: string | null; readonly at: string } | null;
}

/** A monitor flagged after too many unchanged checks. */
export interface QuietMonitorSummary {
  readonly todoId: string;
  readonly text: string;
  readonly unchanged: number;
}
