import type { Gate } from '../../kernel/gate.js';
import { findGoal } from '../../store/goals.js';
import { eventPayload, listEvents, type EventRow } from '../../store/events.js';
import { readCursor, writeCursor } from '../../store/outbox.js';
import { findTodo } from '../../store/todos.js';
import { latestTurn } from '../../store/turns.js';
import { enqueueWakeEvent, findWake, lastWakeOf, wakesOnGoal } from '../../store/wakes.js';
import type { Store } from '../../store/db.js';
import { findGate } from '../queries/gates.js';
import { previewShouldRun } from '../should-run.js';

/** The ledger cursor of the wake source. */
export const WAKE_CURSOR = 'wakes';
const BATCH = 500;

/** The wake event types an agent may receive. */
export type WakeType = 'gate.decided' | 'gate.amended' | 'todo.released' | 'work.available' | 'wake.test';

/** One wake event before it is queued: who gets it and the JSON `data` it carries. */
export interface WakeMessage {
  readonly id: string;
  readonly agentId: string;
  readonly type: WakeType;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The JSON a wake delivery carries (Standard Webhooks' `type`, `timestamp`, `data`). */
export function wakeBody(message: Pick<WakeMessage, 'type' | 'data'>, at: string): string {
  return JSON.stringify({ type: message.type, timestamp: at, data: message.data });
}

/** The agent that asked a gate, when an agent did. */
function askingAgent(gate: Gate): string | null {
  return gate.requestedBy.startsWith('agent:') ? gate.requestedBy.slice('agent:'.length) : null;
}

/** What a gate change tells its asking agent; nothing for changes the agent made itself. */
function gateMessage(store: Store, event: EventRow, payload: Record<string, unknown>): WakeMessage | null {
  const gate = typeof payload.gate_id === 'string' ? findGate(store, payload.gate_id) : undefined;
  const agentId = gate ? askingAgent(gate) : null;
  if (!gate || agentId === null || event.actor === gate.requestedBy) return null;
  const base = { goal_id: gate.goalId, gate_id: gate.id, question: gate.question };
  if (event.type === 'gate.amended') return { id: `wk_${event.seq}_${agentId}`, agentId, type: 'gate.amended', data: { ...base, revision: gate.revision } };
  const data = { ...base, state: payload.outcome, decided_by: payload.by ?? null, reason: payload.reason ?? null, option: payload.option ?? null };
  return { id: `wk_${event.seq}_${agentId}`, agentId, type: 'gate.decided', data };
}

/** An operator took a todo back from the agent holding it. */
function releaseMessage(store: Store, event: EventRow, payload: Record<string, unknown>): WakeMessage | null {
  if (payload.forced !== true || typeof payload.agent_id !== 'string' || typeof payload.todo_id !== 'string') return null;
  const todo = findTodo(store, payload.todo_id);
  return { id: `wk_${event.seq}_${payload.agent_id}`, agentId: payload.agent_id, type: 'todo.released', data: { goal_id: event.goal_id, todo_id: payload.todo_id, text: todo?.text ?? null } };
}

function directMessage(store: Store, event: EventRow): WakeMessage | null {
  if (event.type === 'gate.decided' || event.type === 'gate.amended') return gateMessage(store, event, eventPayload(event) ?? {});
  if (event.type === 'todo.released') return releaseMessage(store, event, eventPayload(event) ?? {});
  return null;
}

/**
 * Agents that went idle on a goal (their last should-run selected no todo for them: no work, or only "replan")
 * and would now be given a todo: each is told once per idle spell, after the commit that changed the answer.
 */
function workMessages(store: Store, goalId: string, seq: number, now: Date): WakeMessage[] {
  const goal = findGoal(store, goalId);
  if (!goal) return [];
  return wakesOnGoal(store, goalId).flatMap((wake): WakeMessage[] => {
    const turn = latestTurn(store, goalId, wake.agent_id);
    if (!turn || turn.selected_todo_id !== null) return [];
    const told = lastWakeOf(store, wake.agent_id, 'work.available', goalId);
    if (told !== undefined && told >= turn.created_at) return [];
    const decision = previewShouldRun(store, goal, wake.agent_id, now);
    const todo = decision.work ? decision.selectedTodo : null;
    if (todo === null) return [];
    return [{ id: `wk_${seq}_${wake.agent_id}_work`, agentId: wake.agent_id, type: 'work.available', data: { goal_id: goalId, mode: decision.mode, reason: decision.reason, selected_todo: { id: todo.id, text: todo.text } } }];
  });
}

/** The wake messages a batch of ledger events produces, for agents with a wake URL. */
export function wakeMessagesOf(store: Store, events: readonly EventRow[], now: Date): WakeMessage[] {
  const messages = events.flatMap((event) => directMessage(store, event) ?? []).filter((m) => findWake(store, m.agentId) !== undefined);
  const lastSeqOfGoal = new Map<string, number>();
  for (const event of events) if (event.goal_id !== null && !event.type.startsWith('turn.')) lastSeqOfGoal.set(event.goal_id, event.seq);
  for (const [goalId, seq] of lastSeqOfGoal) messages.push(...workMessages(store, goalId, seq, now));
  return messages;
}

/**
 * Reads the ledger after its own cursor and queues the wake events it implies. Ids derive from the ledger seq,
 * so reading a batch twice (a crash before the cursor moved) queues nothing twice.
 */
export function catchUpWakes(store: Store, now: Date): number {
  let queued = 0;
  for (;;) {
    const read = store.transaction(() => {
      const events = listEvents(store, { afterSeq: readCursor(store, WAKE_CURSOR), limit: BATCH });
      if (events.length === 0) return 0;
      const at = now.toISOString();
      for (const message of wakeMessagesOf(store, events, now)) {
        const goalId = typeof message.data.goal_id === 'string' ? message.data.goal_id : null;
        enqueueWakeEvent(store, { id: message.id, agent_id: message.agentId, type: message.type, goal_id: goalId, body: wakeBody(message, at), created_at: at });
        queued += 1;
      }
      writeCursor(store, WAKE_CURSOR, events[events.length - 1]!.seq);
      return events.length;
    });
    if (read < BATCH) return queued;
  }
}
