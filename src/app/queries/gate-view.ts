import type { CardPerson } from '../../../cards/model.js';
import type { GateBlocks, GateDecisionView, GateView, PendingGateSummary } from '../../../cards/views.js';
import { GATE_CHOICES } from '../../contract/card-action.js';
import type { Gate } from '../../kernel/gate.js';
import type { Store } from '../../store/db.js';
import { findGoal } from '../../store/goals.js';
import { findPerson } from '../../store/people.js';
import { findTodo } from '../../store/todos.js';
import { latestBackingEvidence } from '../../store/evidence.js';
import { cardPeople } from './card-people.js';
import { findGate, oldestPendingGates, waitingOn } from './gates.js';

/** A display name for an actor string (`agent:a1` → a1, `person:ana` → Ana). */
export function actorName(store: Store, actor: string): string {
  const [kind, id] = actor.includes(':') ? [actor.slice(0, actor.indexOf(':')), actor.slice(actor.indexOf(':') + 1)] : ['person', actor];
  if (kind === 'person') return findPerson(store, id)?.name ?? id;
  return id;
}

function blocksOf(store: Store, gate: Gate): GateBlocks {
  if (gate.blocks.global) return { kind: 'goal' };
  if (gate.blocks.agent !== null) return { kind: 'agent', agent: gate.blocks.agent };
  // Todos by their text (ids stay in `gate show` and --json).
  const todos = gate.blocks.todoIds.map((id) => {
    const text = findTodo(store, id)?.text;
    return text === undefined ? null : text.length > 60 ? `${text.slice(0, 59)}…` : text;
  });
  return { kind: 'todos', todos };
}

function decisionView(store: Store, gate: Gate): GateDecisionView | null {
  if (gate.state === 'pending' || gate.decision === null) return null;
  return {
    outcome: gate.state,
    by: gate.decision.by === 'system' ? null : actorName(store, `person:${gate.decision.by}`),
    at: gate.decision.at,
    via: gate.decision.via,
    reason: gate.decision.reason,
    until: gate.state === 'deferred' ? gate.deferredUntil : null,
    option: gate.decision.option,
  };
}

/**
 * The latest evidence that backs a gate, as its card cites it: linked to it or on its todos (whenever it came), or
 * else from the agent that asked, up to the ask (what it had shown when it asked). So the card changes only with
 * events that name the gate or its todos, and every copy of it can converge.
 */
function backingEvidence(store: Store, gate: Gate): GateView['evidence'] {
  const asker = gate.requestedBy.startsWith('agent:') ? gate.requestedBy.slice('agent:'.length) : null;
  const evidence = latestBackingEvidence(store, { goalId: gate.goalId, gateId: gate.id, todoIds: gate.blocks.todoIds, asker, askedUpTo: gate.updatedAt });
  return evidence ? { kind: evidence.kind, summary: evidence.summary, url: evidence.url, by: evidence.agentId, at: evidence.createdAt } : null;
}

/** The people a pending gate waits on, as a card names them (at `now`: quiet hours hold back mentions). */
function waitingPeople(store: Store, gate: Gate, now?: Date): CardPerson[] {
  return cardPeople(store, waitingOn(store, gate), now ? { now, gate } : undefined);
}

/** A gate as the board's "Needs you" lists it; drawn for chat at `now`. */
export function pendingGateSummary(store: Store, gate: Gate, now?: Date): PendingGateSummary {
  return { id: gate.id, question: gate.question, revision: gate.revision, risk: gate.risk, askedBy: actorName(store, gate.requestedBy), createdAt: gate.createdAt, options: gate.options, waitingOn: waitingPeople(store, gate, now) };
}

/** The oldest `limit` pending gates of a goal for the board card, and how many are pending in all. */
export function pendingGateSummaries(store: Store, goalId: string, limit: number, now?: Date): { gates: PendingGateSummary[]; total: number } {
  const pending = oldestPendingGates(store, goalId, limit);
  return { gates: pending.gates.map((gate) => pendingGateSummary(store, gate, now)), total: pending.total };
}

/** Who a gate card is drawn for: a viewer's timezone (personal views), and the moment a chat copy is drawn. */
export interface GateViewOptions {
  readonly viewerTimezone?: string | null | undefined;
  /** Drawn for chat at this time: people in their quiet hours are named without a mention. */
  readonly now?: Date;
}

/**
 * The gate card's read model; undefined when the gate does not exist. Times are in the goal's timezone unless a
 * viewer's own is given (a personal view: the web board).
 */
export function gateView(store: Store, gateId: string, options: GateViewOptions = {}): GateView | undefined {
  const viewerTimezone = options.viewerTimezone;
  const gate = findGate(store, gateId);
  if (!gate) return undefined;
  const goal = findGoal(store, gate.goalId);
  const askedBy = actorName(store, gate.requestedBy);
  return {
    id: gate.id,
    goalId: gate.goalId,
    goalTitle: goal?.title ?? gate.goalId,
    question: gate.question,
    context: gate.context,
    risk: gate.risk,
    askedBy,
    blocks: blocksOf(store, gate),
    expiresAt: gate.expiresAt,
    revision: gate.revision,
    state: gate.state,
    decision: decisionView(store, gate),
    timezone: viewerTimezone ?? goal?.timezone ?? 'UTC',
    choices: GATE_CHOICES,
    options: gate.options,
    grantId: gate.grantId,
    waitingOn: gate.state === 'pending' ? waitingPeople(store, gate, options.now) : [],
    evidence: backingEvidence(store, gate),
    approvals: gate.policy.quorum > 1 ? { names: gate.votes.map((v) => actorName(store, `person:${v.personId}`)), needed: gate.policy.quorum } : null,
  };
}
