import { HandoffWire } from '../../contract/monitor-wire.js';
import type { HandoffRequest } from '../../contract/requests.js';
import type { Store } from '../../store/db.js';
import { findHandoff, handoffsOnGoal, upsertHandoff } from '../../store/monitors.js';
import { actorRef } from '../actor.js';
import type { WriteContext } from '../write.js';

/** Keeps what the holder leaves for the next one (the latest handoff of a todo replaces the one before). */
export function leaveHandoff(ctx: WriteContext, todoId: string, handoff: HandoffRequest): void {
  const packet: HandoffWire = { ...handoff, from: actorRef(ctx.actor), at: ctx.at };
  upsertHandoff(ctx.store, { todo_id: todoId, from_actor: packet.from, packet: JSON.stringify(packet), created_at: ctx.at });
}

/** The handoff waiting on a todo, if any. */
export function handoffOf(store: Store, todoId: string): HandoffWire | null {
  const row = findHandoff(store, todoId);
  return row ? HandoffWire.parse(JSON.parse(row.packet)) : null;
}

/** Every handoff waiting on the goal's todos, by todo id (the web goal page shows each on its todo). */
export function handoffsOf(store: Store, goalId: string): ReadonlyMap<string, HandoffWire> {
  return new Map(handoffsOnGoal(store, goalId).map((row) => [row.todo_id, HandoffWire.parse(JSON.parse(row.packet))]));
}
