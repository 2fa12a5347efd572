import { clip } from './format.js';
import type { Card, CardBlock, CardButton } from './model.js';
import type { UserActionSummary } from './views.js';
import { cardLocale, translator, namesIn, type Locale, type Translator } from './i18n/index.js';

/** The Done button of a user action. */
export function doneButton(todoId: string, tr: Translator = translator('en')): CardButton {
  return { label: tr.t('action.done'), style: 'primary', action: { v: 1, todo: todoId, choice: 'done' } };
}

/** Each user action in "Needs you": what to do, who it waits on, and its Done button. */
export function userActionBlocks(actions: readonly UserActionSummary[], tr: Translator = translator('en')): CardBlock[] {
  return actions.flatMap((action): CardBlock[] => [
    { type: 'text', text: tr.t('action.line', { text: clip(action.text, 280), names: namesIn(tr, action.waitingOn) }), tone: 'warning' },
    { type: 'actions', buttons: [doneButton(action.id, tr)] },
  ]);
}

/** The key of a user action's own card. */
export function userActionCardKey(todoId: string): string {
  return `todo:${todoId}`;
}

/** A user action as its own small card (the web board's "Needs you" lists one per open user action). */
export function userActionCard(action: UserActionSummary, goalTitle: string, locale: Locale = 'en'): Card {
  const tr = translator(locale);
  return {
    key: userActionCardKey(action.id),
    kind: 'user_action',
    fallbackText: tr.t('action.fallback', { goal: goalTitle, text: action.text, names: namesIn(tr, action.waitingOn) }),
    blocks: [{ type: 'header', text: action.text, status: tr.t('action.status') }, { type: 'context', text: tr.t('action.context', { goal: goalTitle }) }, ...userActionBlocks([action], tr).slice(1)],
    ...cardLocale(tr),
  };
}
