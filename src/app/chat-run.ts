import { translator, type Translator } from '../../cards/i18n/index.js';
import { LANES } from '../kernel/lanes.js';
import type { Person } from '../kernel/entities.js';
import type { KernelError } from '../kernel/errors.js';
import type { Gate } from '../kernel/gate.js';
import { listBindings } from '../store/bindings.js';
import { findPersonByIdentity } from '../store/people.js';
import { findGoal, listGoals, listMemberships } from '../store/goals.js';
import { deferUntil, parseChatCommand, type ChatCommand } from './chat-commands.js';
import { decideFromChat, type ChatReply } from './chat-decisions.js';
import { readerLocale, type ChatIdentity } from './chat/reader.js';
import { nextStepIn } from './chat/next-step.js';
import { refusalIn } from './chat/refusal.js';
import type { AppDeps } from './deps.js';

export { readerLocale, readerTimezone } from './chat/reader.js';
import { goalStatus } from './queries/goal-status.js';
import { reviewCardOf, reviewPacket, reviewText } from './queries/review.js';
import { findGate, listGates, waitingOn } from './queries/gates.js';

function unlinked(identity: ChatIdentity, tr: Translator): ChatReply {
  return { ok: false, text: tr.t('chat.unlinked', { account: identity.externalId, flag: identity.surface }), code: 'not_authorised_to_decide' };
}

/** A refused read, in the reader's language (times in UTC: a goal-level refusal names none). */
function refused(deps: AppDeps, error: KernelError, tr: Translator): ChatReply {
  return { ok: false, text: refusalIn(tr, error, { store: deps.store, timezone: 'UTC' }), code: error.code };
}

/** Goals a linked person may read in a chat: those bound to this channel, and those they are a member of. */
function readableGoalIds(deps: AppDeps, identity: ChatIdentity, person: Person, destination: string | undefined): Set<string> {
  const bound = listBindings(deps.store).filter((b) => b.surface === identity.surface && b.destination === destination).map((b) => b.goalId);
  const member = listGoals(deps.store).filter((g) => listMemberships(deps.store, g.id).some((m) => m.personId === person.id)).map((g) => g.id);
  return new Set([...bound, ...member]);
}

/** The goals the chat account may read here, or the refusal (unlinked, or a named goal it may not see). */
function readableHere(deps: AppDeps, identity: ChatIdentity, goalId: string | null, destination: string | undefined, tr: Translator): Set<string> | ChatReply {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (!person) return unlinked(identity, tr);
  const readable = readableGoalIds(deps, identity, person, destination);
  // A goal the person may not read answers exactly like a goal that does not exist: ids are not probed.
  if (goalId !== null && !readable.has(goalId)) return { ok: false, text: tr.t('chat.noGoal', { goal: goalId }), code: 'not_found' };
  return readable;
}

function reviewReply(deps: AppDeps, identity: ChatIdentity, goalId: string, destination: string | undefined, tr: Translator): ChatReply {
  const readable = readableHere(deps, identity, goalId, destination, tr);
  if (!(readable instanceof Set)) return readable;
  const packet = reviewPacket(deps.store, goalId);
  if (!packet.ok) return refused(deps, packet.error, tr);
  const card = reviewCardOf(packet.value, tr);
  return { ok: true, text: reviewText(packet.value, tr), ...(card ? { card } : {}) };
}

function statusText(deps: AppDeps, identity: ChatIdentity, goalId: string | null, destination: string | undefined, tr: Translator): ChatReply {
  const readable = readableHere(deps, identity, goalId, destination, tr);
  if (!(readable instanceof Set)) return readable;
  const goals = goalId === null ? listGoals(deps.store).filter((g) => g.status !== 'completed' && readable.has(g.id)) : [{ id: goalId }];
  if (goals.length === 0) return { ok: true, text: tr.t('chat.noGoals') };
  const lines: string[] = [];
  for (const { id } of goals) {
    const status = goalStatus(deps.store, id, deps.clock.now());
    if (!status.ok) return refused(deps, status.error, tr);
    const { goal, lanes, nextStep } = status.value;
    const next = nextStepIn(tr, nextStep, deps.store);
    const counts = LANES.filter((lane) => lanes[lane] > 0).map((lane) => tr.t('board.fallback.lane', { lane: tr.t(`board.lane.${lane}`), count: lanes[lane] }));
    lines.push(tr.t('chat.statusLine', { title: goal.title, goal: goal.id, status: tr.t(`board.status.${goal.status}`), counts: counts.join(tr.t('names.separator')) || tr.t('board.fallback.empty'), next }));
  }
  return { ok: true, text: lines.join('\n') };
}

function myGatesText(deps: AppDeps, identity: ChatIdentity, tr: Translator): ChatReply {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (!person) return unlinked(identity, tr);
  const mine = listGates(deps.store, undefined, ['pending']).filter((gate) => waitingOn(deps.store, gate).includes(person.id));
  if (mine.length === 0) return { ok: true, text: tr.t('chat.nothingWaits') };
  const line = (g: Gate) => tr.t('chat.gateLine', { question: g.question, goal: findGoal(deps.store, g.goalId)?.title ?? g.goalId, gate: g.id });
  return { ok: true, text: [tr.t('chat.waitingOn'), ...mine.map(line)].join('\n') };
}

function decide(deps: AppDeps, identity: ChatIdentity, command: Extract<ChatCommand, { gateId: string }>, destination: string | undefined, tr: Translator, idempotencyKey?: string): ChatReply {
  const gate = findGate(deps.store, command.gateId);
  if (!gate) return { ok: false, text: tr.t('chat.noGate', { gate: command.gateId }), code: 'not_found' };
  // Text decides the revision the gate has now: the person named it by id, not from a card that may be old.
  const base = { gateId: gate.id, revision: gate.revision, choice: command.kind };
  if (command.kind === 'defer') {
    const until = deferUntil(command.duration, deps.clock.now());
    if (until === null) return { ok: false, text: tr.t('chat.badDuration', { duration: command.duration }), code: 'invalid_request' };
    return decideFromChat(deps, identity, { ...base, until }, idempotencyKey, destination);
  }
  // On a gate with options, `approve <gate> <option>` picks that option (its words, case aside).
  const picked = command.kind === 'approve' ? gate.options.findIndex((o) => o.trim().toLowerCase() === (command.reason ?? '').trim().toLowerCase()) : -1;
  if (picked >= 0) return decideFromChat(deps, identity, { ...base, optionIndex: picked }, idempotencyKey, destination);
  return decideFromChat(deps, identity, { ...base, reason: command.reason ?? undefined }, idempotencyKey, destination);
}

/**
 * Runs a text command for a chat account, with the same authorisation as a button; answers what to show them
 * as plain text (each surface escapes it for its markup). Reading needs a linked person too: status shows only
 * the goals bound to the channel it was typed in (`destination`) and the goals the person is a member of.
 */
export function runChatCommand(deps: AppDeps, identity: ChatIdentity, text: string, idempotencyKey?: string, destination?: string): ChatReply {
  const tr = translator(readerLocale(deps, identity, destination));
  const parsed = parseChatCommand(text);
  if (!parsed.ok) return { ok: false, text: `${tr.t(parsed.problem.key, { verb: parsed.problem.verb })}\n${tr.t('chat.usage')}`, code: 'invalid_request' };
  const command = parsed.command;
  switch (command.kind) {
    case 'help':
      return { ok: true, text: tr.t('chat.usage') };
    case 'status':
      return statusText(deps, identity, command.goalId, destination, tr);
    case 'gates':
      return myGatesText(deps, identity, tr);
    case 'review':
      return reviewReply(deps, identity, command.goalId, destination, tr);
    default:
      return decide(deps, identity, command, destination, tr, idempotencyKey);
  }
}
