import type { GoalGate, PersonalNeedsView } from '../../../cards/needs-you-card.js';
import type { UserActionSummary } from '../../../cards/views.js';
import type { Gate } from '../../kernel/gate.js';
import type { ChatSurface } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { findGoal, listGoals } from '../../store/goals.js';
import { findPersonByIdentity } from '../../store/people.js';
import { openUserActions, userActionDeciders } from '../work/user-actions.js';
import { pendingGateSummary } from './gate-view.js';
import { listGates, waitingOn } from './gates.js';

/** How many open user actions per goal a personal "Needs you" lists. */
const USER_ACTIONS_PER_GOAL = 50;

/** One person's "Needs you": what they may decide or do, and what waits on somebody else. */
export interface PersonalNeeds {
  /** Pending gates whose decision can still take this person's vote, oldest first. */
  readonly gates: readonly Gate[];
  /** Open user actions (to-dos for a person) this person may mark done. */
  readonly userActions: readonly { readonly goalTitle: string; readonly action: UserActionSummary }[];
  /** Pending gates that wait on other people only, oldest first. */
  readonly waitingOnOthers: readonly Gate[];
}

/** What needs this person across every goal: gates they may decide, to-dos that wait on them, and the rest. */
export function needsOf(store: Store, personId: string): PersonalNeeds {
  const pending = listGates(store, undefined, ['pending']);
  const mine = (gate: Gate) => waitingOn(store, gate).includes(personId);
  const userActions = listGoals(store)
    .filter((goal) => userActionDeciders(store, goal.id).includes(personId))
    .flatMap((goal) => openUserActions(store, goal.id, USER_ACTIONS_PER_GOAL).actions.map((action) => ({ goalTitle: goal.title, action })));
  return { gates: pending.filter(mine), userActions, waitingOnOthers: pending.filter((gate) => !mine(gate)) };
}

/** One person's "Needs you" as a personal card shows it (the Slack App Home tab). */
export function personalNeedsView(store: Store, person: { id: string; name: string }, boardUrl: string | null): PersonalNeedsView {
  const needs = needsOf(store, person.id);
  const withGoal = (gate: Gate): GoalGate => ({ ...pendingGateSummary(store, gate), goalTitle: findGoal(store, gate.goalId)?.title ?? gate.goalId });
  return { personName: person.name, gates: needs.gates.map(withGoal), userActions: needs.userActions.map((u) => u.action), waitingOnOthers: needs.waitingOnOthers.map(withGoal), boardUrl };
}

/** The personal "Needs you" of whoever a chat account is linked to; null when it is linked to nobody. */
export function personalNeedsForChat(store: Store, surface: ChatSurface, externalId: string, boardUrl: string | null): PersonalNeedsView | null {
  const person = findPersonByIdentity(store, surface, externalId);
  return person ? personalNeedsView(store, person, boardUrl) : null;
}
