import { clip } from './format.js';
import { cardLocale, elapsedIn, namesIn, translator, type Locale } from './i18n/index.js';
import type { Card } from './model.js';

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
export function reminderCard(view: ReminderView, locale: Locale = 'en'): Card {
  const tr = translator(locale);
  const waited = elapsedIn(tr, view.askedAt, view.at);
  const question = tr.t('reminder.question', { question: clip(view.question, 280) });
  const expires = view.expiresAt ? tr.clockTime(view.expiresAt, view.timezone) : tr.t('reminder.soon');
  const { title, body } = {
    remind: { title: tr.t('reminder.remind.title'), body: tr.t('reminder.remind.body', { question, waited }) },
    escalate: { title: tr.t('reminder.escalate.title', { waited }), body: tr.t('reminder.escalate.body', { question, waited, names: namesIn(tr, view.waitingOn) }) },
    urgent: { title: tr.t('reminder.urgent.title', { expires }), body: tr.t('reminder.urgent.body', { question, expires }) },
  }[view.step];
  const how = tr.t(view.canDecide ? 'reminder.canDecide' : 'reminder.cannotDecide');
  return {
    key: reminderCardKey(view.gateId, view.step),
    kind: 'gate',
    fallbackText: tr.t(`reminder.fallback.${view.step}`, { question: clip(view.question, 120) }),
    ...(view.step === 'urgent' ? { urgent: true } : {}),
    blocks: [
      { type: 'header', text: title, tone: 'warning' },
      { type: 'text', text: body, tone: 'warning' },
      { type: 'context', text: tr.t('reminder.context', { goal: view.goalTitle, name: view.askedBy, how }) },
    ],
    ...cardLocale(tr),
  };
}
