import { clip } from './format.js';
import type { Card, CardBlock, CardButton } from './model.js';
import type { UserActionSummary } from './views.js';
import { countText, namesText } from './wording.js';

/** The Done button of a user action. */
export function doneButton(todoId: string): CardButton {
  return { label: 'Done', style: 'primary', action: { v: 1, todo: todoId, choice: 'done' } };
}

/** Each user action in "Needs you": what to do, who it waits on, and its Done button. */
export function userActionBlocks(actions: readonly UserActionSummary[]): CardBlock[] {
  return actions.flatMap((action): CardBlock[] => [
    { type: 'text', text: `To do: ${clip(action.text, 280)}\nwaiting on ${namesText(action.waitingOn)}`, tone: 'warning' },
    { type: 'actions', buttons: [doneButton(action.id)] },
  ]);
}

/** "1 to-do needs a person" / "3 to-dos need a person". */
export function userActionsText(count: number): string {
  return `${countText(count, 'to-do')} ${count === 1 ? 'needs' : 'need'} a person`;
}

/** The key of a user action's own card. */
export function userActionCardKey(todoId: string): string {
  return `todo:${todoId}`;
}

/** A user action as its own small card (the web board's "Needs you" lists one per open user action). */
export function userActionCard(action: UserActionSummary, goalTitle: string): Card {
  return {
    key: userActionCardKey(action.id),
    kind: 'user_action',
    fallbackText: `${goalTitle}: ${action.text} (waiting on ${namesText(action.waitingOn)})`,
    blocks: [{ type: 'header', text: action.text, status: 'to do' }, { type: 'context', text: `For a person · ${goalTitle}` }, ...userActionBlocks([action]).slice(1)],
  };
}
