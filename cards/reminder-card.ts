import { clip } from './format.js';
import type { Card } from './model.js';
import { elapsedText, namesText } from './wording.js';

/** One direct reminder about a gate: to the people it waits on (`remind`), or up the ladder (`escalate`). */
export interface ReminderView {
  readonly gateId: string;
  readonly question: string;
  readonly goalTitle: string;
  readonly askedBy: string;
  readonly askedAt: string;
  readonly at: string;
  readonly step: 'remind' | 'escalate';
  /** Who it still waits on, by name. */
  readonly waitingOn: readonly string[];
  /** True when the reader may decide it (the gate card with buttons is in the same conversation). */
  readonly canDecide: boolean;
}

/** The projection key of a reminder: one per gate and step in each conversation, never sent twice. */
export function reminderCardKey(gateId: string, step: ReminderView['step']): string {
  return `nudge:${gateId}:${step}`;
}

/**
 * A short direct message that makes a phone buzz again about a gate: it names the question and how long it has
 * waited; the gate card with the buttons is in the same conversation (a reminder carries no buttons of its own,
 * so it never goes stale after the decision).
 */
export function reminderCard(view: ReminderView): Card {
  const waited = elapsedText(view.askedAt, view.at);
  const remind = view.step === 'remind';
  const title = remind ? 'Reminder: a decision waits on you' : `Escalation: no answer for ${waited}`;
  const body = remind
    ? `"${clip(view.question, 280)}" has waited ${waited} for your answer.`
    : `"${clip(view.question, 280)}" has waited ${waited} on ${namesText(view.waitingOn)}. Nudge them, answer it yourself if you may, or change who decides.`;
  const how = view.canDecide ? 'Decide on the gate card in this conversation, or with /loopx gates.' : 'The gate card in the goal channel shows who may decide it.';
  return {
    key: reminderCardKey(view.gateId, view.step),
    kind: 'gate',
    fallbackText: remind ? `Reminder: ${clip(view.question, 120)}` : `Escalation: ${clip(view.question, 120)}`,
    blocks: [
      { type: 'header', text: title, tone: 'warning' },
      { type: 'text', text: body, tone: 'warning' },
      { type: 'context', text: `${view.goalTitle} · asked by ${view.askedBy} · ${how}` },
    ],
  };
}
