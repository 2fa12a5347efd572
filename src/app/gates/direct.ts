import type { Gate } from '../../kernel/gate.js';
import { DM_PREFIX, dmDestination, dmSurfaces, mayReachNow, type UrgentFacts } from '../../kernel/reach.js';
import type { ChatSurface } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { copiesOfCardUnder } from '../../store/outbox.js';
import { findPerson } from '../../store/people.js';
import { readerOfCopy } from '../projection/readers.js';
import type { Destination } from '../projection/sources.js';
import { waitingOn } from '../queries/gates.js';

// Direct messages: a gate waiting on someone who chose a DM (the default once they linked an account) is sent to
// them as a copy of the gate card, the same card as in the channel, so one decision updates every copy.

/** The chat user part of a linked identity (`TEAM:USER` → USER, `TENANT:ou_…` → ou_…). */
export function chatUserOf(externalId: string): string {
  return externalId.slice(externalId.lastIndexOf(':') + 1);
}

/** The direct-message destinations of one person right now: none when they are reached elsewhere, or are in their quiet hours. */
export function directDestinationsOf(store: Store, personId: string, now: Date, gate?: UrgentFacts): Destination[] {
  const person = findPerson(store, personId);
  if (!person || !mayReachNow(person, now, gate)) return [];
  return dmSurfaces(person).flatMap((surface) => {
    const identity = person.identities.find((i) => i.surface === surface);
    return identity ? [{ surface, destination: dmDestination(chatUserOf(identity.externalId)), reader: { timezone: person.timezone, locale: person.locale } }] : [];
  });
}

/**
 * Where a gate card goes besides the goal's channels: every direct message that already shows (or has queued) a
 * copy, so decisions reach them, and, while the gate is pending, the people it still waits on who may be reached now.
 */
export function gateDirectDestinations(store: Store, gate: Gate, cardKey: string, now: Date): Destination[] {
  const copies = copiesOfCardUnder(store, cardKey, DM_PREFIX).map((c): Destination => {
    const surface = c.surface as ChatSurface;
    const reader = readerOfCopy(store, surface, c.destination);
    return { surface, destination: c.destination, ...(reader ? { reader } : {}) };
  });
  const fresh = gate.state === 'pending' ? waitingOn(store, gate).flatMap((id) => directDestinationsOf(store, id, now, gate)) : [];
  const all = new Map([...copies, ...fresh].map((d) => [`${d.surface}\u0000${d.destination}`, d]));
  return [...all.values()];
}
