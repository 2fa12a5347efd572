import { z } from 'zod';

/** The most a platform lets a button carry (Slack: 2,000 characters); our values stay far below it. */
export const BUTTON_VALUE_LIMIT = 2000;

/** What a gate button asks for. */
export const GATE_CHOICES = ['approve', 'reject', 'defer'] as const;
/** A gate button's choice. */
export type GateChoice = (typeof GATE_CHOICES)[number];

/** How long a Defer button snoozes a gate (the text command takes any duration). */
export const BUTTON_DEFER_HOURS = 24;

/**
 * A gate button's value: only a version, the gate id, the revision the card showed, the choice (and, for a gate with
 * options, the index of the option an approve button picks). A click is a
 * request; the kernel decides, so nothing else (and nothing secret) rides on the button.
 */
export const GateCardAction = z.strictObject({
  v: z.literal(1),
  gate: z.string().min(1).max(128),
  rev: z.number().int().min(1),
  choice: z.enum(GATE_CHOICES),
  /** For a gate asked with options: which one this approve button picks (its index on this revision). */
  opt: z.number().int().min(0).max(19).optional(),
});
/** A decoded gate button value. */
export type GateCardAction = z.infer<typeof GateCardAction>;

/** A user action's Done button: the todo a person did. */
export const TodoCardAction = z.strictObject({
  v: z.literal(1),
  todo: z.string().min(1).max(128),
  choice: z.literal('done'),
});
/** A decoded Done button value. */
export type TodoCardAction = z.infer<typeof TodoCardAction>;

/** A quiet monitor's Stop / Keep watching buttons. */
export const MonitorCardAction = z.strictObject({
  v: z.literal(1),
  monitor: z.string().min(1).max(128),
  choice: z.enum(['stop', 'keep']),
});
/** A decoded Stop / Keep value. */
export type MonitorCardAction = z.infer<typeof MonitorCardAction>;

/** Any LoopX button value. */
export const CardAction = z.union([GateCardAction, TodoCardAction, MonitorCardAction]);
/** A decoded button value. */
export type CardAction = z.infer<typeof CardAction>;

/** A short stable name for a button (`approve:gate_x:2`, `done:todo_y`): platform action ids are built from it. */
export function cardActionName(action: CardAction): string {
  if ('todo' in action) return `${action.choice}:${action.todo}`;
  if ('monitor' in action) return `${action.choice}:${action.monitor}`;
  return `${action.choice}:${action.gate}:${action.rev}${action.opt === undefined ? '' : `:o${action.opt}`}`;
}

/** Encodes a button value. */
export function encodeCardAction(action: CardAction): string {
  return JSON.stringify(action);
}

/** Decodes and validates a button value from a platform payload; null when it is not ours or malformed. */
export function decodeCardAction(raw: unknown): CardAction | null {
  if (typeof raw !== 'string' || raw.length > BUTTON_VALUE_LIMIT) return null;
  try {
    const parsed = CardAction.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
