import { LANE_LABELS, LANES } from '../kernel/lanes.js';
import { findPersonByIdentity } from '../store/people.js';
import { listGoals } from '../store/goals.js';
import { CHAT_USAGE, deferUntil, parseChatCommand, type ChatCommand } from './chat-commands.js';
import { decideFromChat, type ChatIdentity, type ChatReply } from './chat-decisions.js';
import type { AppDeps } from './deps.js';
import { goalStatus } from './queries/goal-status.js';
import { findGate, listGates, waitingOn } from './queries/gates.js';

function statusText(deps: AppDeps, goalId: string | null): ChatReply {
  const goals = goalId === null ? listGoals(deps.store).filter((g) => g.status !== 'completed') : [{ id: goalId }];
  if (goals.length === 0) return { ok: true, text: 'No goals yet.' };
  const lines: string[] = [];
  for (const { id } of goals) {
    const status = goalStatus(deps.store, id, deps.clock.now());
    if (!status.ok) return { ok: false, text: status.error.message, code: status.error.code };
    const { goal, lanes, next } = status.value;
    const counts = LANES.filter((lane) => lanes[lane] > 0).map((lane) => `${LANE_LABELS[lane]} ${lanes[lane]}`);
    lines.push(`*${goal.title}* (${goal.id}, ${goal.status}): ${counts.join(', ') || 'no todos'}. Next: ${next}`);
  }
  return { ok: true, text: lines.join('\n') };
}

function myGatesText(deps: AppDeps, identity: ChatIdentity): ChatReply {
  const person = findPersonByIdentity(deps.store, identity.surface, identity.externalId);
  if (!person) return { ok: false, text: `Your account (${identity.externalId}) is not linked to a LoopX person; an operator can run \`loopx person link <person> --${identity.surface} ${identity.externalId}\`.`, code: 'not_authorised_to_decide' };
  const mine = listGates(deps.store, undefined, ['pending']).filter((gate) => waitingOn(deps.store, gate).includes(person.id));
  if (mine.length === 0) return { ok: true, text: 'Nothing waits on you.' };
  return { ok: true, text: ['Waiting on you:', ...mine.map((g) => `• \`${g.id}\` (${g.goalId}): ${g.question}`)].join('\n') };
}

function decide(deps: AppDeps, identity: ChatIdentity, command: Extract<ChatCommand, { gateId: string }>, idempotencyKey?: string): ChatReply {
  const gate = findGate(deps.store, command.gateId);
  if (!gate) return { ok: false, text: `There is no gate \`${command.gateId}\`. \`/loopx gates\` lists yours.`, code: 'not_found' };
  // Text decides the revision the gate has now: the person named it by id, not from a card that may be old.
  const base = { gateId: gate.id, revision: gate.revision, choice: command.kind };
  if (command.kind === 'defer') {
    const until = deferUntil(command.duration, deps.clock.now());
    if (until === null) return { ok: false, text: `"${command.duration}" is not a duration; use 30m, 4h, 2d or an ISO time.`, code: 'invalid_request' };
    return decideFromChat(deps, identity, { ...base, until }, idempotencyKey);
  }
  // On a gate with options, `approve <gate> <option>` picks that option (its words, case aside).
  const picked = command.kind === 'approve' ? gate.options.findIndex((o) => o.trim().toLowerCase() === (command.reason ?? '').trim().toLowerCase()) : -1;
  if (picked >= 0) return decideFromChat(deps, identity, { ...base, optionIndex: picked }, idempotencyKey);
  return decideFromChat(deps, identity, { ...base, reason: command.reason ?? undefined }, idempotencyKey);
}

/** Runs a text command for a chat account, with the same authorisation as a button; answers what to show them. */
export function runChatCommand(deps: AppDeps, identity: ChatIdentity, text: string, idempotencyKey?: string): ChatReply {
  const parsed = parseChatCommand(text);
  if (!parsed.ok) return { ok: false, text: parsed.message, code: 'invalid_request' };
  const command = parsed.command;
  switch (command.kind) {
    case 'help':
      return { ok: true, text: CHAT_USAGE };
    case 'status':
      return statusText(deps, command.goalId);
    case 'gates':
      return myGatesText(deps, identity);
    default:
      return decide(deps, identity, command, idempotencyKey);
  }
}
