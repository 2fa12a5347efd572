import { translator, type Locale, type MessageKey, type Translator } from '../../cards/i18n/index.js';
import type { Card } from '../../cards/model.js';
import { BUTTON_DEFER_HOURS, decodeCardAction, type GateChoice } from '../contract/card-action.js';
import { fail, type ErrorCode, type KernelError } from '../kernel/errors.js';
import type { Gate } from '../kernel/gate.js';
import type { Origin } from '../kernel/vocabulary.js';
import type { Person } from '../kernel/entities.js';
import { findGoal } from '../store/goals.js';
import { findPerson, findPersonByIdentity } from '../store/people.js';
import { findTodo } from '../store/todos.js';
import type { AppDeps } from './deps.js';
import { decideGate } from './gate-decisions.js';
import { readerLocale, type ChatIdentity } from './chat/reader.js';
import { refusalIn } from './chat/refusal.js';
import { findGate } from './queries/gates.js';
import { markUserActionDone } from './work/user-actions.js';
import { answerQuietMonitor, monitorAnswerIn } from './work/monitors.js';
import { runWrite } from './write.js';

export type { ChatIdentity } from './chat/reader.js';

/** What to tell the person who clicked or typed: shown only to them (Slack ephemeral, Lark toast). */
export interface ChatReply {
  readonly ok: boolean;
  readonly text: string;
  /** The refusal code, when refused. */
  readonly code?: ErrorCode;
  /** The gate after a successful decision (to converge its cards). */
  readonly gate?: Gate;
  /** A card to show instead of the text where the surface can (the review packet); `text` stays its fallback. */
  readonly card?: Card;
}

const DONE_TEXT: Readonly<Record<GateChoice, MessageKey>> = { approve: 'reply.approved', reject: 'reply.rejected', defer: 'reply.deferred' };
const ALREADY_TEXT: Readonly<Record<GateChoice, MessageKey>> = { approve: 'reply.already.approve', reject: 'reply.already.reject', defer: 'reply.already.defer' };

function linkHint(identity: ChatIdentity, tr: Translator): string {
  return tr.t('reply.unlinked', { surface: identity.surface === 'slack' ? 'Slack' : 'Lark', account: identity.externalId, flag: identity.surface });
}

/** The timezone a person reads times in: theirs, else the goal's, else UTC. */
function readerTimezone(deps: AppDeps, person: Person | undefined, goalId: string | undefined): string {
  return person?.timezone ?? (goalId ? findGoal(deps.store, goalId)?.timezone : undefined) ?? 'UTC';
}

/** Explains a refused decision in words the clicker can act on, in their language (the kernel's English message stays on the wire). */
function explainRefusal(deps: AppDeps, error: KernelError, gate: Gate | undefined, person: Person | undefined, tr: Translator): string {
  if (error.code === 'not_authorised_to_decide' && gate && person && gate.requestedBy === `person:${person.id}`) return tr.t('reply.ownQuestion');
  return refusalIn(tr, error, { store: deps.store, timezone: readerTimezone(deps, person, gate?.goalId) });
}

/** Records that an unlinked chat account tried to decide (kept as audit), and answers how to fix it in the chat's language. */
function refuseUnlinked(deps: AppDeps, identity: ChatIdentity, request: ButtonRequest, destination: string | undefined): ChatReply {
  const subject = 'todoId' in request ? { todo_id: request.todoId } : { gate_id: request.gateId };
  const goalId = ('todoId' in request ? findTodo(deps.store, request.todoId)?.goalId : findGate(deps.store, request.gateId)?.goalId) ?? null;
  const text = linkHint(identity, translator(readerLocale(deps, identity, destination)));
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
 * people, never display names), then runs the kernel's rule. Every refusal is explained and audited; an unlinked
 * account is answered in the language of the chat the click came from (`destination`).
 */
export function decideFromChat(deps: AppDeps, identity: ChatIdentity, request: ButtonRequest, idempotencyKey?: string, destination?: string): ChatReply {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (!person) return refuseUnlinked(deps, identity, request, destination);
  return decideAsPerson(deps, person.id, request, identity.surface, readerLocale(deps, identity, destination), idempotencyKey);
}

/**
 * Runs a button request as a known person through any surface (chat or web), with a plain answer in the reader's
 * language, which the caller resolved (a chat's reader, a web viewer).
 */
export function decideAsPerson(deps: AppDeps, personId: string, request: ButtonRequest, via: Origin, locale: Locale, idempotencyKey?: string): ChatReply {
  const origin = { actor: { kind: 'person' as const, id: personId }, idempotencyKey };
  const person = findPerson(deps.store, personId);
  const tr = translator(locale);
  if ('todoId' in request) {
    const refused = (error: KernelError): ChatReply => {
      const context = { store: deps.store, timezone: readerTimezone(deps, person, findTodo(deps.store, request.todoId)?.goalId), todoChoice: request.choice };
      return { ok: false, text: refusalIn(tr, error, context), code: error.code };
    };
    if (request.choice !== 'done') {
      const answered = answerQuietMonitor(deps, origin, request.todoId, request.choice, via);
      return answered.ok ? { ok: true, text: monitorAnswerIn(answered.value.answer, answered.value.todo.text, tr) } : refused(answered.error);
    }
    const done = markUserActionDone(deps, origin, request.todoId, via);
    if (!done.ok) return refused(done.error);
    return { ok: true, text: tr.t(done.value.changed ? 'reply.markedDone' : 'reply.alreadyDone', { text: done.value.todo.text }) };
  }
  const input = { choice: request.choice, revision: request.revision, reason: request.reason, until: request.until, optionIndex: request.optionIndex, via };
  const result = decideGate(deps, origin, request.gateId, input);
  if (!result.ok) return { ok: false, text: explainRefusal(deps, result.error, findGate(deps.store, request.gateId), person, tr), code: result.error.code };
  const option = result.value.gate.decision?.option;
  const text = result.value.changed ? (option ? tr.t('reply.approvedOption', { option }) : tr.t(DONE_TEXT[request.choice])) : tr.t(ALREADY_TEXT[request.choice]);
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
