import { z } from 'zod';

/** One wake event as the agent and the operator see it. */
export const WakeEventWire = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(['pending', 'delivered', 'expired']),
  attempts: z.number().int(),
  created_at: z.string(),
  last_error: z.string().nullable(),
});

/** An agent's wake registration; `secret` only in the answer that set it. */
export const WakeWire = z.object({
  agent_id: z.string(),
  url: z.string(),
  secret: z.string().optional(),
  pending: z.number().int(),
  last_error: z.string().nullable(),
  recent: z.array(WakeEventWire),
});
export type WakeWire = z.infer<typeof WakeWire>;

/** `PUT /v1/agents/me/wake`. */
export const WakeRequest = z.strictObject({ url: z.string().min(1).max(2048) });

/** The answer to a test wake. */
export const WakeTestWire = z.object({ delivered: z.literal(true), url: z.string(), status: z.number().int(), ms: z.number() });
