import { z } from 'zod';
import type { Gate } from '../kernel/gate.js';
import type { Goal } from '../kernel/goal.js';
import { LANES, type Lane } from '../kernel/lanes.js';
import { GOAL_STATUSES } from '../kernel/vocabulary.js';

/** The answer of `GET /v1/goals/{goal}/status` and `loopx status --json`. */
export const StatusWire = z.object({
  goal: z.string(),
  title: z.string(),
  status: z.enum(GOAL_STATUSES),
  lanes: z.record(z.enum(LANES), z.number()),
  next: z.string(),
  /** The oldest pending gates, at most 25. */
  open_gates: z.array(z.object({ id: z.string(), question: z.string(), waiting_on: z.array(z.string()) })),
  /** How many gates are pending in all. */
  open_gates_total: z.number(),
});
export type StatusWire = z.infer<typeof StatusWire>;

/** What a goal's status holds, as the wire needs it. */
export interface StatusSource {
  readonly goal: Pick<Goal, 'id' | 'title' | 'status'>;
  readonly lanes: Record<Lane, number>;
  readonly next: string;
  readonly openGates: readonly { gate: Gate; waitingOn: readonly string[] }[];
  readonly openGatesTotal: number;
}

/** Maps a goal's status to the wire. */
export function statusToWire(s: StatusSource): StatusWire {
  return {
    goal: s.goal.id,
    title: s.goal.title,
    status: s.goal.status,
    lanes: s.lanes,
    next: s.next,
    open_gates: s.openGates.map((w) => openGateToWire(w.gate, w.waitingOn)),
    open_gates_total: s.openGatesTotal,
  };
}

/** A pending gate in a status answer: the question and who it waits on. */
function openGateToWire(gate: Gate, waitingOn: readonly string[]): { id: string; question: string; waiting_on: string[] } {
  return { id: gate.id, question: gate.question, waiting_on: [...waitingOn] };
}
