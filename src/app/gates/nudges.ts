import { gateCard } from '../../../cards/gate-card.js';
import { reminderCard, type ReminderView } from '../../../cards/reminder-card.js';
import type { Gate } from '../../kernel/gate.js';
import { effectiveVia, mayReachNow } from '../../kernel/reach.js';
import { findGoal } from '../../store/goals.js';
import { findPerson, recordNudge } from '../../store/people.js';
import type { GateReminder, JobPost } from '../job-ports.js';
import type { Destination } from '../projection/sources.js';
import { cardPeople } from '../queries/card-people.js';
import { actorName, gateView } from '../queries/gate-view.js';
import { ownersOf, pendingGatesFor, waitingOn } from '../queries/gates.js';
import type { WriteContext } from '../write.js';
import { directDestinationsOf } from './direct.js';

// Reminders and escalation: a pending gate reminds the people it waits on once, `remindAfterMs` after it was asked,
// then, after twice that, escalates once to the next people on its ladder (the goal's owners). Each person gets each
// step at most once per gate (recorded in `gate_nudges`), by direct message where they chose one, else by an
// @mention in the heartbeat's post in the goal channel; someone in their quiet hours is reached at a later heartbeat.
// A high-risk gate that will expire within that delay also sends one `urgent` reminder (Lark may buzz it).

/** A card the nudges send to one direct-message conversation. */
export interface DirectPost {
  readonly destination: Destination;
  readonly card: JobPost['card'];
}

/** What one round of nudges sent: @mentions for the channel post, and direct messages. */
export interface Nudges {
  readonly channel: GateReminder[];
  readonly direct: DirectPost[];
}

type Step = ReminderView['step'];

function ladder(ctx: WriteContext, gate: Gate, remindAfterMs: number): { step: Step; people: string[] }[] {
  const age = ctx.now.getTime() - Date.parse(gate.createdAt);
  const steps: { step: Step; people: string[] }[] = [];
  if (age >= remindAfterMs) steps.push({ step: 'remind', people: waitingOn(ctx.store, gate) });
  if (age >= 2 * remindAfterMs) steps.push({ step: 'escalate', people: ownersOf(ctx.store, gate.goalId) });
  const left = gate.expiresAt === null ? null : Date.parse(gate.expiresAt) - ctx.now.getTime();
  if (gate.risk === 'high' && left !== null && left > 0 && left <= remindAfterMs) steps.push({ step: 'urgent', people: waitingOn(ctx.store, gate) });
  return steps;
}

function directPosts(ctx: WriteContext, gate: Gate, step: Step, personId: string, destinations: readonly Destination[]): DirectPost[] {
  const waiting = waitingOn(ctx.store, gate);
  const canDecide = waiting.includes(personId);
  const view: ReminderView = {
    gateId: gate.id,
    question: gate.question,
    goalTitle: findGoal(ctx.store, gate.goalId)?.title ?? gate.goalId,
    askedBy: actorName(ctx.store, gate.requestedBy),
    askedAt: gate.createdAt,
    at: ctx.at,
    step,
    expiresAt: gate.expiresAt,
    timezone: findPerson(ctx.store, personId)?.timezone ?? findGoal(ctx.store, gate.goalId)?.timezone ?? 'UTC',
    waitingOn: waiting.map((id) => findPerson(ctx.store, id)?.name ?? id),
    canDecide,
  };
  const card = gateView(ctx.store, gate.id, { now: ctx.now });
  return destinations.flatMap((destination) => [
    // The gate card itself, if this conversation does not show it yet (a reminder points at it).
    ...(canDecide && card ? [{ destination, card: gateCard(card) }] : []),
    { destination, card: reminderCard(view) },
  ]);
}

/** Sends each reminder and escalation that is due on the goal's pending gates, once per person and step. */
export function nudgeGates(ctx: WriteContext, goalId: string, remindAfterMs: number): Nudges {
  const nudges: Nudges = { channel: [], direct: [] };
  for (const gate of pendingGatesFor(ctx.store, goalId)) {
    for (const { step, people } of ladder(ctx, gate, remindAfterMs)) {
      const inChannel: string[] = [];
      for (const personId of people) {
        const person = findPerson(ctx.store, personId);
        if (!person || effectiveVia(person) === 'none' || !mayReachNow(person, ctx.now, gate)) continue;
        const dms = directDestinationsOf(ctx.store, personId, ctx.now, gate);
        const via = dms.length > 0 ? dms.map((d) => `${d.surface}-dm`).join(',') : 'channel';
        if (!recordNudge(ctx.store, { gateId: gate.id, personId, step, via }, ctx.at)) continue;
        ctx.event({ goalId, type: 'gate.nudged', payload: { gate_id: gate.id, step, person_id: personId, via } });
        if (dms.length > 0) nudges.direct.push(...directPosts(ctx, gate, step, personId, dms));
        else inChannel.push(personId);
      }
      if (inChannel.length > 0) {
        nudges.channel.push({ gateId: gate.id, question: gate.question, step: step === 'escalate' ? 'owners' : 'approvers', people: cardPeople(ctx.store, inChannel, { now: ctx.now, gate }) });
      }
    }
  }
  return nudges;
}
