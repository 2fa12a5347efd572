import { z } from 'zod';
import { HandoffRequest } from './requests.js';

/** A monitor as agents and people read it. */
export const MonitorWire = z.object({
  every_seconds: z.number().int(),
  until: z.string().nullable(),
  target: z.string().nullable(),
  dead_after: z.number().int(),
  polls: z.number().int(),
  /** Unchanged checks in a row; at `dead_after` the monitor is flagged as probably dead. */
  unchanged: z.number().int(),
  dead: z.boolean(),
  last_hash: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** When should-run offers it next (null once it is done). */
  next_due_at: z.string().nullable(),
});
export type MonitorWire = z.infer<typeof MonitorWire>;

/** A handoff as the next agent receives it. */
export const HandoffWire = HandoffRequest.extend({ from: z.string(), at: z.string() });
export type HandoffWire = z.infer<typeof HandoffWire>;
