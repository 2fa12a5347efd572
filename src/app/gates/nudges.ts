import { gateCard } from '../../../cards/gate-card.js';
import { reminderCard, type ReminderView } from '../../../cards/reminder-card.js';
import type { Gate } from '../../kernel/gate.js';
import type { Person } from '../../kernel/entities.js';
import { effectiveVia, mayReachNow } from '../../kernel/reach.js';
import { findGoal } from '../../store/goals.js';
import { findPerson, recordNudge } from '../../store/people.js';
import type { GateReminder, JobPost } from '../job-ports.js';
import type { Destination } from '../projection/sources.js';
import { cardPeople } from '../queries/card-people.js';
import { actorName, gateView } from '../queries/gate-view.js';
import { findGate, ownersOf, pendingGatesFor, waitingOn } from '../queries/gates.js';
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

function directPosts(ctx: WriteContext, gate: Gate, step: Step, reader: Person, destinations: readonly Destination[]): DirectPost[] {
  const waiting = waitingOn(ctx.store, gate);
  const canDecide = waiting.includes(reader.id);
  const goal = findGoal(ctx.store, gate.goalId);
  const view: ReminderView = {
    gateId: gate.id,
    question: gate.question,
    goalTitle: goal?.title ?? gate.goalId,
    askedBy: actorName(ctx.store, gate.requestedBy),
    askedAt: gate.createdAt,
    at: ctx.at,
    step,
    expiresAt: gate.expiresAt,
    timezone: reader.timezone ?? goal?.timezone ?? 'UTC',
    waitingOn: waiting.map((id) => findPerson(ctx.store, id)?.name ?? id),
    canDecide,
  };
  // Drawn for its reader (timezone and language), as the projector draws every direct-message copy.
  const locale = reader.locale ?? 'en';
  const card = gateView(ctx.store, gate.id, { now: ctx.now, viewerTimezone: reader.timezone });
  return destinations.flatMap((destination) => [
    // The gate card itself, if this conversation does not show it yet (a reminder points at it).
    ...(canDecide && card ? [{ destination, card: gateCard(card, { locale }) }] : []),
    { destination, card: reminderCard(view, locale) },
  ]);
}

/**
 * Sends one step to one person, at most once per gate (recorded): by direct message, adding to `direct`, or, for
 * someone reached in the channel, answers true so the caller @mentions them there. Someone reached nowhere or in
 * their quiet hours is skipped (a later heartbeat tries again).
 */
function nudgeOne(ctx: WriteContext, gate: Gate, step: Step, personId: string, direct: DirectPost[]): boolean {
  const person = findPerson(ctx.store, personId);
  if (!person || effectiveVia(person) === 'none' || !mayReachNow(person, ctx.now, gate)) return false;
  const dms = directDestinationsOf(ctx.store, personId, ctx.now, gate);
  const via = dms.length > 0 ? dms.map((d) => `${d.surface}-dm`).join(',') : 'channel';
  if (!recordNudge(ctx.store, { gateId: gate.id, personId, step, via }, ctx.at)) return false;
  ctx.event({ goalId: gate.goalId, type: 'gate.nudged', payload: { gate_id: gate.id, step, person_id: personId, via } });
  direct.push(...directPosts(ctx, gate, step, person, dms));
  return dms.length === 0;
}

/** Sends each reminder and escalation that is due on the goal's pending gates, once per person and step. */
export function nudgeGates(ctx: WriteContext, goalId: string, remindAfterMs: number): Nudges {
  const nudges: Nudges = { channel: [], direct: [] };
  for (const gate of pendingGatesFor(ctx.store, goalId)) {
    for (const { step, people } of ladder(ctx, gate, remindAfterMs)) {
      const inChannel = people.filter((personId) => nudgeOne(ctx, gate, step, personId, nudges.direct));
      if (inChannel.length > 0) {
        nudges.channel.push({ gateId: gate.id, question: gate.question, step: step === 'escalate' ? 'owners' : 'approvers', people: cardPeople(ctx.store, inChannel, { now: ctx.now, gate }) });
      }
    }
  }
  return nudges;
}

/**
 * The expiry sweep's reminders (a gate that keeps waiting past its expiry) reach people the same way: those reached
 * by direct message get it there, once per gate and step shared with the reminders above, and leave the channel
 * list; everyone else stays in it, @mentioned (or named, when quiet) in the heartbeat's post.
 */
export function routeSweepReminders(ctx: WriteContext, reminders: readonly GateReminder[]): Nudges {
  const routed: Nudges = { channel: [], direct: [] };
  for (const reminder of reminders) {
    const gate = findGate(ctx.store, reminder.gateId);
    const step: Step = reminder.step === 'owners' ? 'escalate' : 'remind';
    const byDm = new Set(gate ? reminder.people.filter((p) => directDestinationsOf(ctx.store, p.id, ctx.now, gate).length > 0).map((p) => p.id) : []);
    for (const personId of byDm) nudgeOne(ctx, gate!, step, personId, routed.direct);
    const inChannel = reminder.people.filter((p) => !byDm.has(p.id));
    if (inChannel.length > 0) routed.channel.push({ ...reminder, people: inChannel });
  }
  return routed;
}
