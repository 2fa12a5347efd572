import { BUTTON_DEFER_HOURS, decodeCardAction, type GateChoice } from '../contract/card-action.js';
import { fail, type ErrorCode, type KernelError } from '../kernel/errors.js';
import type { Gate } from '../kernel/gate.js';
import type { ChatSurface, Origin } from '../kernel/vocabulary.js';
import type { Person } from '../kernel/entities.js';
import { findPerson, findPersonByIdentity } from '../store/people.js';
import { findTodo } from '../store/todos.js';
import type { AppDeps } from './deps.js';
import { decideGate } from './gate-decisions.js';
import { findGate } from './queries/gates.js';
import { markUserActionDone } from './work/user-actions.js';
import { answerQuietMonitor } from './work/monitors.js';
import { runWrite } from './write.js';

/** A chat account: the surface and its stable id (Slack `TEAM:USER`, Lark `tenant:open_id`). */
export interface ChatIdentity {
  readonly surface: ChatSurface;
  readonly externalId: string;
}

/** What to tell the person who clicked or typed: shown only to them (Slack ephemeral, Lark toast). */
export interface ChatReply {
  readonly ok: boolean;
  readonly text: string;
  /** The refusal code, when refused. */
  readonly code?: ErrorCode;
  /** The gate after a successful decision (to converge its cards). */
  readonly gate?: Gate;
}

const DONE_TEXT: Readonly<Record<GateChoice, string>> = {
  approve: 'Approved. The agent sees it on its next should-run.',
  reject: 'Rejected. The agent gets your reason on its next should-run.',
  defer: 'Deferred. The gate comes back when the time is up.',
};

function linkHint(identity: ChatIdentity): string {
  return `Your ${identity.surface === 'slack' ? 'Slack' : 'Lark'} account (${identity.externalId}) is not linked to a LoopX person, so LoopX cannot tell whether you may decide. An operator can link it: \`loopx person link <person> --${identity.surface} ${identity.externalId}\`.`;
}

/** Explains a refused decision in words the clicker can act on. */
export function explainRefusal(error: KernelError, gate: Gate | undefined, person: Person | undefined): string {
  switch (error.code) {
    case 'gate_not_pending':
    case 'gate_expired':
      return error.message;
    case 'gate_revision_stale':
      return 'This request changed after the card was drawn; the card now shows the new question. Read it and decide again.';
    case 'not_authorised_to_decide':
      if (gate && person && gate.requestedBy === `person:${person.id}`) return 'You asked this question, so you cannot approve it yourself; another owner or approver must decide.';
      return `You are not one of the people who may decide this gate. ${error.message}`;
    case 'option_required':
      return `${error.message} Press the button of the option you choose.`;
    case 'reason_required':
      return 'Rejecting needs a reason: the agent gets it back so it can change course.';
    case 'not_found':
      return 'This gate no longer exists; nothing changed.';
    default:
      return `${error.message} Nothing changed.`;
  }
}

/** Records that an unlinked chat account tried to decide (kept as audit), and answers how to fix it. */
function refuseUnlinked(deps: AppDeps, identity: ChatIdentity, request: ButtonRequest): ChatReply {
  const subject = 'todoId' in request ? { todo_id: request.todoId } : { gate_id: request.gateId };
  const goalId = ('todoId' in request ? findTodo(deps.store, request.todoId)?.goalId : findGate(deps.store, request.gateId)?.goalId) ?? null;
  const text = linkHint(identity);
  runWrite(deps, { actor: { kind: 'system', id: identity.surface }, command: 'gate.decision_refused', request: { ...subject, identity } }, (ctx) => {
    ctx.audit({ goalId, type: 'gate.decision_refused', payload: { ...subject, identity: `${identity.surface}:${identity.externalId}`, choice: request.choice, via: identity.surface, code: 'identity_not_linked' } });
    return fail('not_authorised_to_decide', text);
  });
  return { ok: false, text, code: 'not_authorised_to_decide' };
}

/** A gate decision request from a chat surface, whether it came from a button or from text. */
export interface ChatDecision {
  readonly gateId: string;
  readonly revision: number;
  readonly choice: GateChoice;
  readonly reason?: string | undefined;
  /** ISO time a defer snoozes until (buttons: now + BUTTON_DEFER_HOURS). */
  readonly until?: string | undefined;
  /** The option an approve button picks, by its index on the card's revision. */
  readonly optionIndex?: number | undefined;
}

/** A click on a todo's button: Done on a user action, Stop / Keep watching on a quiet monitor. */
export interface TodoButtonRequest {
  readonly todoId: string;
  readonly choice: 'done' | 'stop' | 'keep';
}

/** What a button asks for: a gate decision, or a person's answer about a todo. */
export type ButtonRequest = ChatDecision | TodoButtonRequest;

/**
 * Decides a gate (or marks a user action done) for a chat account: resolves the linked person (authority follows
 * people, never display names), then runs the kernel's rule. Every refusal is explained and audited.
 */
export function decideFromChat(deps: AppDeps, identity: ChatIdentity, request: ButtonRequest, idempotencyKey?: string): ChatReply {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (!person) return refuseUnlinked(deps, identity, request);
  return decideAsPerson(deps, person.id, request, identity.surface, idempotencyKey);
}

/** Runs a button request as a known person through any surface (chat or web), with a plain answer. */
export function decideAsPerson(deps: AppDeps, personId: string, request: ButtonRequest, via: Origin, idempotencyKey?: string): ChatReply {
  const origin = { actor: { kind: 'person' as const, id: personId }, idempotencyKey };
  if ('todoId' in request && request.choice !== 'done') {
    const answered = answerQuietMonitor(deps, origin, request.todoId, request.choice, via);
    if (!answered.ok) return { ok: false, text: `${answered.error.message} Nothing changed.`, code: answered.error.code };
    return { ok: true, text: answered.value.text };
  }
  if ('todoId' in request) {
    const done = markUserActionDone(deps, origin, request.todoId, via);
    if (!done.ok) return { ok: false, text: `${done.error.message} Nothing changed.`, code: done.error.code };
    return { ok: true, text: done.value.changed ? `Marked "${done.value.todo.text}" done.` : `"${done.value.todo.text}" was already done; nothing changed.` };
  }
  const input = { choice: request.choice, revision: request.revision, reason: request.reason, until: request.until, optionIndex: request.optionIndex, via };
  const result = decideGate(deps, origin, request.gateId, input);
  if (!result.ok) return { ok: false, text: explainRefusal(result.error, findGate(deps.store, request.gateId), findPerson(deps.store, personId)), code: result.error.code };
  const option = result.value.gate.decision?.option;
  const text = result.value.changed ? (option ? `Approved "${option}". The agent sees it on its next should-run.` : DONE_TEXT[request.choice]) : `You already ${request.choice === 'defer' ? 'deferred' : `${request.choice}d`} this gate; nothing changed.`;
  return { ok: true, text, gate: result.value.gate };
}

/** Decodes a button value into a request (defer buttons snooze for BUTTON_DEFER_HOURS); null when it is not ours. */
export function decisionFromButton(rawValue: unknown, now: Date, reason?: string): ButtonRequest | null {
  const action = decodeCardAction(rawValue);
  if (!action) return null;
  if ('todo' in action) return { todoId: action.todo, choice: action.choice };
  if ('monitor' in action) return { todoId: action.monitor, choice: action.choice };
  const until = action.choice === 'defer' ? new Date(now.getTime() + BUTTON_DEFER_HOURS * 3_600_000).toISOString() : undefined;
  return { gateId: action.gate, revision: action.rev, choice: action.choice, reason, until, optionIndex: action.opt };
}

/** The answer to a button LoopX cannot read (an old card format, or someone else's payload). */
export const UNREADABLE_BUTTON = 'LoopX could not read this button (the card may be from an older version). Use `/loopx gates` to see what waits on you.';
