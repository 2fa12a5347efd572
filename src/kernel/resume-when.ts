/** A deferred todo's wake-up condition: another todo done, a gate settled, or a time reached. */
export type ResumeCondition =
  | { readonly kind: 'todo_done'; readonly todoId: string }
  | { readonly kind: 'gate'; readonly gateId: string }
  | { readonly kind: 'time'; readonly at: Date };

/** Parses `todo_done:<id>`, `gate:<id>` or an ISO time; null for anything else. */
export function parseResumeWhen(text: string | null): ResumeCondition | null {
  if (text === null) return null;
  const [prefix, ...rest] = text.split(':');
  const id = rest.join(':');
  if (prefix === 'todo_done' && id !== '') return { kind: 'todo_done', todoId: id };
  if (prefix === 'gate' && id !== '') return { kind: 'gate', gateId: id };
  const at = Date.parse(text);
  return /^\d{4}-\d{2}-\d{2}/.test(text) && Number.isFinite(at) ? { kind: 'time', at: new Date(at) } : null;
}

/** What the heartbeat knows when it checks a condition. */
export interface ResumeFacts {
  readonly now: Date;
  isTodoDone(todoId: string): boolean;
  /** True when the gate has left `pending` (decided, expired or cancelled); a deferred gate is still waiting. */
  isGateSettled(gateId: string): boolean;
}

/** True when a deferred todo's condition holds and it should be reopened. */
export function isResumeDue(condition: ResumeCondition, facts: ResumeFacts): boolean {
  switch (condition.kind) {
    case 'todo_done':
      return facts.isTodoDone(condition.todoId);
    case 'gate':
      return facts.isGateSettled(condition.gateId);
    case 'time':
      return condition.at.getTime() <= facts.now.getTime();
  }
}
