import { namesIn, type Translator } from '../../../cards/i18n/index.js';
import type { KernelError } from '../../kernel/errors.js';
import { GATE_STATES, type GateState } from '../../kernel/gate.js';
import { ORIGINS, type Origin } from '../../kernel/vocabulary.js';
import type { Store } from '../../store/db.js';
import { findPerson } from '../../store/people.js';
import { findTodo } from '../../store/todos.js';

// A refusal told to a person in their language, from the error's code and details: the kernel's English
// `message` stays on the wire (HTTP, CLI, MCP) and never reaches a chat reply.

/** What a refusal needs beyond the error: the reader's timezone, and what they tried on a to-do. */
export interface RefusalContext {
  readonly store: Store;
  /** The reader's timezone, for "expired at" and "already approved at". */
  readonly timezone: string;
  /** What the reader tried on a to-do: Done on a user action, or Stop / Keep on a quiet monitor. */
  readonly todoChoice?: 'done' | 'stop' | 'keep' | undefined;
}

type PlainKey =
  | 'reply.stale'
  | 'reply.reasonRequired'
  | 'refusal.todoClosed'
  | 'refusal.goalNotActive'
  | 'refusal.storage'
  | 'refusal.busy'
  | 'refusal.todoBlocked'
  | 'refusal.gatePending'
  | 'refusal.repeated';

/** Codes whose sentence needs nothing from the details. */
const PLAIN: Partial<Record<KernelError['code'], PlainKey>> = {
  gate_revision_stale: 'reply.stale',
  reason_required: 'reply.reasonRequired',
  todo_not_open: 'refusal.todoClosed',
  goal_not_active: 'refusal.goalNotActive',
  goal_paused: 'refusal.goalNotActive',
  storage_read_only: 'refusal.storage',
  storage_full: 'refusal.storage',
  lease_held: 'refusal.busy',
  not_claimed_by_you: 'refusal.busy',
  lease_version_mismatch: 'refusal.busy',
  todo_blocked: 'refusal.todoBlocked',
  gate_pending: 'refusal.gatePending',
  idempotency_key_reused: 'refusal.repeated',
};

const INVALID_BY_FIELD: Readonly<Record<string, 'refusal.deferFuture' | 'refusal.noOptions' | 'refusal.notForPeople'>> = { until: 'refusal.deferFuture', option: 'refusal.noOptions', todo_id: 'refusal.notForPeople' };

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function nameOf(store: Store, personId: string): string {
  return findPerson(store, personId)?.name ?? personId;
}

function isGateState(value: unknown): value is GateState {
  return (GATE_STATES as readonly unknown[]).includes(value);
}

function isOrigin(value: unknown): value is Origin {
  return (ORIGINS as readonly unknown[]).includes(value);
}

/** "Already approved by Ana at 17:00 via Slack": a gate someone (or its clock) settled first. */
function alreadySettled(tr: Translator, details: Readonly<Record<string, unknown>>, context: RefusalContext): string {
  const state = isGateState(details['state']) ? tr.t(`gate.state.${details['state']}`) : '';
  const by = text(details['decided_by']);
  const at = text(details['decided_at']);
  const via = details['via'];
  if (by === null || by === 'system' || at === null || !isOrigin(via)) return tr.t('refusal.closed', { state });
  return tr.t('refusal.decided', { state, name: nameOf(context.store, by), time: tr.clockTime(at, context.timezone), via: tr.t(`refusal.via.${via}`) });
}

function notFound(tr: Translator, details: Readonly<Record<string, unknown>>): string {
  if (text(details['gate_id'])) return tr.t('reply.gateGone');
  if (text(details['todo_id'])) return tr.t('refusal.todoGone');
  const goal = text(details['goal_id']);
  return goal ? tr.t('refusal.goalGone', { goal }) : tr.t('refusal.gone');
}

/** "Only Ana, Bo can mark "Sign the contract" done": a to-do answered by someone it does not wait on. */
function notTheirs(tr: Translator, details: Readonly<Record<string, unknown>>, context: RefusalContext): string {
  const todo = text(details['todo_id']);
  const waiting = ids(details['waiting_on']);
  if (todo === null || waiting.length === 0 || context.todoChoice === undefined) return tr.t('refusal.forbidden');
  const names = waiting.map((id) => nameOf(context.store, id)).join(tr.t('names.separator'));
  const todoText = findTodo(context.store, todo)?.text ?? todo;
  return tr.t(context.todoChoice === 'done' ? 'refusal.onlyDone' : 'refusal.onlyMonitor', { names, text: todoText });
}

/** Explains a refused command in the reader's language, with the error's details (names, times, options) in it. */
export function refusalIn(tr: Translator, error: KernelError, context: RefusalContext): string {
  const details = error.details ?? {};
  const plain = PLAIN[error.code];
  if (plain !== undefined) return tr.t(plain);
  switch (error.code) {
    case 'gate_not_pending':
      return alreadySettled(tr, details, context);
    case 'gate_expired': {
      const at = text(details['expires_at']);
      return at === null ? tr.t('refusal.closed', { state: tr.t('gate.state.expired') }) : tr.t('refusal.expired', { time: tr.dateTime(at, context.timezone) });
    }
    case 'not_authorised_to_decide':
      return tr.t('refusal.notDecider', { names: namesIn(tr, ids(details['approvers']).map((id) => nameOf(context.store, id))) });
    case 'option_required':
      return tr.t('reply.optionRequired', { options: ids(details['options']).join(tr.t('names.separator')) });
    case 'not_found':
      return notFound(tr, details);
    case 'invalid_request':
      return tr.t(INVALID_BY_FIELD[text(details['field']) ?? ''] ?? 'refusal.invalid');
    case 'forbidden':
      return notTheirs(tr, details, context);
    default:
      return tr.t('refusal.other', { code: error.code });
  }
}
