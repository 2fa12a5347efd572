import type { Store } from '../../store/db.js';
import { findEvidence } from '../../store/evidence.js';
import { findGoal } from '../../store/goals.js';
import { findTodo } from '../../store/todos.js';
import { actorName } from './gate-view.js';
import { findGate } from './gates.js';

// The audit trail in words: one plain sentence per ledger event, naming people, questions and todos (the raw row,
// with its ids, stays one click away). Event types without a sentence of their own read "<who> <what happened>".

/** The fields of a ledger row a sentence reads. */
export interface LedgerLine {
  readonly type: string;
  readonly actor: string;
  readonly payload: string;
}

type Payload = Record<string, unknown>;
type Namer = { readonly who: string; readonly p: Payload; readonly store: Store };

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function question(n: Namer): string {
  const id = str(n.p.gate_id);
  const text = str(n.p.question) ?? (id ? findGate(n.store, id)?.question : undefined);
  return text ? `“${text}”` : 'a gate';
}

function todo(n: Namer, field = 'todo_id'): string {
  const id = str(n.p[field]);
  const text = str(n.p.text) ?? (id ? findTodo(n.store, id)?.text : undefined);
  return text ? `“${text}”` : 'a todo';
}

function person(n: Namer, field: string): string {
  const id = str(n.p[field]);
  return id === null || id === 'system' ? 'LoopX' : actorName(n.store, id.includes(':') ? id : `person:${id}`);
}

const via = (n: Namer) => (str(n.p.via) && n.p.via !== 'system' ? ` (via ${String(n.p.via)})` : '');
const reason = (n: Namer) => (str(n.p.reason) ? `: ${String(n.p.reason)}` : '');

const SENTENCES: Readonly<Record<string, (n: Namer) => string>> = {
  'gate.asked': (n) => `${n.who} asked ${question(n)}${n.p.risk === 'high' ? ' (high risk)' : ''}`,
  'gate.amended': (n) => `${n.who} changed the question to ${question(n)}`,
  'gate.decided': (n) => `${person(n, 'by')} ${String(n.p.outcome ?? 'decided')} ${question(n)}${str(n.p.option) ? ` choosing “${String(n.p.option)}”` : ''}${via(n)}${reason(n)}`,
  'gate.vote_recorded': (n) => `${person(n, 'by')} voted to approve ${question(n)}${via(n)} (${String(n.p.votes ?? '?')} of ${String(n.p.quorum ?? '?')})`,
  'gate.decision_refused': (n) => `LoopX refused a ${String(n.p.choice ?? 'decision')} on ${question(n)} by ${person(n, 'actor')}${via(n)}: ${String(n.p.code ?? 'refused').replace(/_/g, ' ')}`,
  'gate.escalated': (n) => `LoopX reminded the ${String(n.p.step ?? 'approvers')} about ${question(n)}`,
  'gate.nudged': (n) => `LoopX ${n.p.step === 'escalate' ? 'escalated' : 'reminded'} ${person(n, 'person_id')} about ${question(n)} (${String(n.p.via ?? 'channel')})`,
  'gate.woke': (n) => `${question(n)} is waiting again after its deferral`,
  'todo.added': (n) => `${n.who} added the todo ${todo(n)}`,
  'todo.completed': (n) => `${n.who} completed ${todo(n)}`,
  'todo.blocked': (n) => `${todo(n)} is blocked${reason(n)}`,
  'todo.resumed': (n) => `${todo(n)} resumed`,
  'todo.superseded': (n) => `${n.who} replaced ${todo(n)} with ${todo(n, 'replacement_id')}`,
  'todo.lease_expired': (n) => `${person(n, 'agent_id')}'s claim on ${todo(n)} expired`,
  'evidence.added': (n) => {
    const evidence = str(n.p.evidence_id) ? findEvidence(n.store, String(n.p.evidence_id)) : undefined;
    return `${n.who} reported ${String(n.p.kind ?? 'evidence')}${evidence ? `: ${evidence.summary}` : ''}`;
  },
  'goal.created': (n) => `${n.who} created the goal “${String(n.p.title ?? '')}”`,
  'person.added': (n) => `${n.who} added ${String(n.p.name ?? 'a person')}`,
  'person.linked': (n) => `${n.who} linked ${person(n, 'person_id')}'s ${String(n.p.surface ?? 'chat')} account`,
  'web.session_started': (n) => `${person(n, 'person_id')} signed in to the web board`,
};

/** One ledger row as a sentence: "Ana approved “May I publish the post?” (via slack)". */
export function ledgerSentence(store: Store, row: LedgerLine): string {
  let payload: Payload = {};
  try {
    const parsed: unknown = JSON.parse(row.payload);
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Payload;
  } catch {
    // an unreadable payload still gets the generic sentence
  }
  const namer: Namer = { who: actorName(store, row.actor), p: payload, store };
  const sentence = SENTENCES[row.type];
  return sentence ? sentence(namer) : `${namer.who}: ${row.type.replace(/[._]/g, ' ')}`;
}

/** A goal's title for the audit trail (its id when it is gone). */
export function goalTitleOf(store: Store, goalId: string | null): string {
  return goalId === null ? 'everywhere' : (findGoal(store, goalId)?.title ?? goalId);
}
