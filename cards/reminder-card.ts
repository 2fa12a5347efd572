import { clip, clockTime } from './format.js';
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
  readonly step: 'remind' | 'escalate' | 'urgent';
  /** When the gate expires, and the reader's timezone for saying so (urgent reminders). */
  readonly expiresAt: string | null;
  readonly timezone: string;
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
  const question = `"${clip(view.question, 280)}"`;
  const expires = view.expiresAt ? clockTime(view.expiresAt, view.timezone) : 'soon';
  const { title, body } = {
    remind: { title: 'Reminder: a decision waits on you', body: `${question} has waited ${waited} for your answer.` },
    escalate: { title: `Escalation: no answer for ${waited}`, body: `${question} has waited ${waited} on ${namesText(view.waitingOn)}. Nudge them, answer it yourself if you may, or change who decides.` },
    urgent: { title: `Urgent: a high-risk request expires at ${expires}`, body: `${question} is high risk and expires at ${expires} without your answer.` },
  }[view.step];
  const how = view.canDecide ? 'Decide on the gate card in this conversation, or with /loopx gates.' : 'The gate card in the goal channel shows who may decide it.';
  return {
    key: reminderCardKey(view.gateId, view.step),
    kind: 'gate',
    fallbackText: `${title.split(':')[0]}: ${clip(view.question, 120)}`,
    ...(view.step === 'urgent' ? { urgent: true } : {}),
    blocks: [
      { type: 'header', text: title, tone: 'warning' },
      { type: 'text', text: body, tone: 'warning' },
      { type: 'context', text: `${view.goalTitle} · asked by ${view.askedBy} · ${how}` },
    ],
  };
}
