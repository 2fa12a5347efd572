import { gateCard, gateCardKey } from '../../../cards/gate-card.js';
import type { Store } from '../../store/db.js';
import { eventGateId, eventPayload, type EventRow } from '../../store/events.js';
import { listProjectedKeys } from '../../store/outbox.js';
import { isOpenGate } from '../../kernel/gate.js';
import { gateView } from '../queries/gate-view.js';
import { findGate, listGates, openGatesFor } from '../queries/gates.js';
import { gateDirectDestinations } from '../gates/direct.js';
import { CARD_PRIORITY } from './enqueue.js';
import { eventPriority, isGateEvent, type CardSource, type CardTarget } from './sources.js';


/** The open gates of the event's goal that a new piece of evidence backs directly (linked to the gate or its todos). */
function gatesBackedBy(store: Store, event: EventRow) {
  const payload = eventPayload(event);
  if (payload === null) return [];
  return openGatesFor(store, event.goal_id ?? '').filter((gate) => gate.id === payload.gate_id || (typeof payload.todo_id === 'string' && gate.blocks.todoIds.includes(payload.todo_id)));
}

function add(targets: Map<string, CardTarget>, target: CardTarget): void {
  const previous = targets.get(target.key);
  if (!previous || target.priority < previous.priority) targets.set(target.key, target);
}

/** The gate card source: one card per gate, posted to bindings with the `gates` purpose. */
export function createGateSource(): CardSource {
  const prefix = gateCardKey('');
  return {
    purpose: 'gates',
    affected(store: Store, events) {
      const targets = new Map<string, CardTarget>();
      for (const event of events) {
        if (event.goal_id === null) continue;
        const gateId = isGateEvent(event) ? eventGateId(event) : null;
        if (gateId !== null) {
          add(targets, { key: gateCardKey(gateId), goalId: event.goal_id, priority: eventPriority(event) });
        } else if (event.type === 'evidence.added') {
          // Evidence on a gate or on a todo it blocks is what its card cites.
          for (const gate of gatesBackedBy(store, event)) add(targets, { key: gateCardKey(gate.id), goalId: event.goal_id, priority: CARD_PRIORITY.progress });
        } else if (event.type === 'binding.set') {
          // A new destination gets every open gate of the goal.
          for (const gate of openGatesFor(store, event.goal_id)) add(targets, { key: gateCardKey(gate.id), goalId: event.goal_id, priority: CARD_PRIORITY.gate });
        }
      }
      return [...targets.values()];
    },
    liveKeys(store, goalId) {
      const projected = new Set(listProjectedKeys(store, prefix));
      return listGates(store, goalId)
        .filter((gate) => isOpenGate(gate) || projected.has(gateCardKey(gate.id)))
        .map((gate) => gateCardKey(gate.id));
    },
    directDestinations(store, key, now) {
      const gate = key.startsWith(prefix) ? findGate(store, key.slice(prefix.length)) : undefined;
      return gate ? gateDirectDestinations(store, gate, key, now) : [];
    },
    render(store, key, now, reader) {
      if (!key.startsWith(prefix)) return null;
      const view = gateView(store, key.slice(prefix.length), { now, viewerTimezone: reader?.timezone });
      return view ? { card: gateCard(view, reader?.locale ? { locale: reader.locale } : {}), revision: view.revision } : null;
    },
  };
}
