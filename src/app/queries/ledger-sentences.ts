import { CATALOGS, evidenceKindIn, type MessageKey, type Translator } from '../../../cards/i18n/index.js';
import { eventPayload } from '../../store/events.js';
import type { Store } from '../../store/db.js';
import { findEvidence } from '../../store/evidence.js';
import { findGoal } from '../../store/goals.js';
import { findTodo } from '../../store/todos.js';
import { actorName } from './gate-view.js';
import { findGate } from './gates.js';

// The audit trail in words: one plain sentence per ledger event in the reader's language, naming people, questions
// and todos (the raw row, with its ids, stays one click away). Event types without a sentence of their own read
// "<who>: <what happened>" (`audit.what.<type>`), or the type itself when the catalog has no words for it.

/** The fields of a ledger row a sentence reads. */
export interface LedgerLine {
  readonly type: string;
  readonly actor: string;
  readonly payload: string;
}

type Payload = Record<string, unknown>;
type Namer = { readonly who: string; readonly p: Payload; readonly store: Store; readonly tr: Translator };

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A catalog key built from data (an event type, a refusal code), when the catalog has it. */
function known(prefix: string, value: string | null): MessageKey | null {
  const key = `${prefix}${value ?? ''}`;
  return value !== null && key in CATALOGS.en ? (key as MessageKey) : null;
}

/** Says a key that takes no parameters (one chosen from data). */
const plain = (tr: Translator, key: MessageKey): string => (tr.t as (key: MessageKey) => string)(key);

function question(n: Namer): string {
  const id = str(n.p.gate_id);
  const text = str(n.p.question) ?? (id ? findGate(n.store, id)?.question : undefined);
  return text ? n.tr.t('audit.quoted', { text }) : n.tr.t('audit.aGate');
}

function todo(n: Namer, field = 'todo_id'): string {
  const id = str(n.p[field]);
  const text = str(n.p.text) ?? (id ? findTodo(n.store, id)?.text : undefined);
  return text ? n.tr.t('audit.quoted', { text }) : n.tr.t('audit.aTodo');
}

function person(n: Namer, field: string): string {
  const id = str(n.p[field]);
  return id === null || id === 'system' ? 'LoopX' : actorName(n.store, id.includes(':') ? id : `person:${id}`);
}

const via = (n: Namer) => (str(n.p.via) && n.p.via !== 'system' ? n.tr.t('audit.via', { via: String(n.p.via) }) : '');
const reason = (n: Namer) => (str(n.p.reason) ? n.tr.t('audit.detail', { detail: String(n.p.reason) }) : '');

function outcome(n: Namer): string {
  const key = known('gate.state.', str(n.p.outcome));
  return key ? plain(n.tr, key) : (str(n.p.outcome) ?? n.tr.t('audit.decided'));
}

function refusedWhy(n: Namer): string {
  const code = str(n.p.code) ?? 'refused';
  const key = known('audit.code.', code);
  return key ? plain(n.tr, key) : code;
}

function choice(n: Namer): string {
  return plain(n.tr, known('audit.choice.', str(n.p.choice)) ?? 'audit.choice.decision');
}

function evidenceKind(n: Namer): string {
  const kind = str(n.p.kind);
  if (kind === null) return n.tr.t('audit.evidence');
  return evidenceKindIn(n.tr, kind);
}

const SENTENCES: Readonly<Record<string, (n: Namer) => string>> = {
  'gate.asked': (n) => n.tr.t('audit.gate.asked', { who: n.who, question: question(n), risk: n.p.risk === 'high' ? n.tr.t('audit.highRisk') : '' }),
  'gate.amended': (n) => n.tr.t('audit.gate.amended', { who: n.who, question: question(n) }),
  'gate.decided': (n) =>
    n.tr.t('audit.gate.decided', { by: person(n, 'by'), outcome: outcome(n), question: question(n), option: str(n.p.option) ? n.tr.t('audit.option', { option: String(n.p.option) }) : '', via: via(n), reason: reason(n) }),
  'gate.vote_recorded': (n) => n.tr.t('audit.gate.vote', { by: person(n, 'by'), question: question(n), via: via(n), votes: String(n.p.votes ?? '?'), quorum: String(n.p.quorum ?? '?') }),
  'gate.decision_refused': (n) => n.tr.t('audit.gate.refused', { choice: choice(n), question: question(n), actor: person(n, 'actor'), via: via(n), why: refusedWhy(n) }),
  'gate.escalated': (n) => n.tr.t('audit.gate.escalated', { step: plain(n.tr, known('audit.step.', str(n.p.step)) ?? 'audit.step.approvers'), question: question(n) }),
  'gate.nudged': (n) => n.tr.t(n.p.step === 'escalate' ? 'audit.gate.escalatedTo' : 'audit.gate.reminded', { person: person(n, 'person_id'), question: question(n), via: String(n.p.via ?? 'channel') }),
  'gate.woke': (n) => n.tr.t('audit.gate.woke', { question: question(n) }),
  'todo.added': (n) => n.tr.t('audit.todo.added', { who: n.who, todo: todo(n) }),
  'todo.completed': (n) => n.tr.t('audit.todo.completed', { who: n.who, todo: todo(n) }),
  'todo.blocked': (n) => n.tr.t('audit.todo.blocked', { todo: todo(n), reason: reason(n) }),
  'todo.resumed': (n) => n.tr.t('audit.todo.resumed', { todo: todo(n) }),
  'todo.superseded': (n) => n.tr.t('audit.todo.superseded', { who: n.who, todo: todo(n), replacement: todo(n, 'replacement_id') }),
  'todo.lease_expired': (n) => n.tr.t('audit.todo.leaseExpired', { agent: person(n, 'agent_id'), todo: todo(n) }),
  'evidence.added': (n) => {
    const evidence = str(n.p.evidence_id) ? findEvidence(n.store, String(n.p.evidence_id)) : undefined;
    return n.tr.t('audit.evidence.added', { who: n.who, kind: evidenceKind(n), summary: evidence ? n.tr.t('audit.detail', { detail: evidence.summary }) : '' });
  },
  'goal.created': (n) => n.tr.t('audit.goal.created', { who: n.who, title: String(n.p.title ?? '') }),
  'person.added': (n) => n.tr.t('audit.person.added', { who: n.who, name: str(n.p.name) ?? n.tr.t('audit.aPerson') }),
  'person.linked': (n) => n.tr.t('audit.person.linked', { who: n.who, person: person(n, 'person_id'), surface: str(n.p.surface) ?? n.tr.t('audit.chat') }),
  'web.session_started': (n) => n.tr.t('audit.web.signedIn', { person: person(n, 'person_id') }),
};

/** One ledger row as a sentence in the reader's language: "Ana approved “May I publish the post?” (via slack)". */
export function ledgerSentence(store: Store, row: LedgerLine, tr: Translator): string {
  // An unreadable payload still gets the generic sentence.
  const namer: Namer = { who: actorName(store, row.actor), p: (eventPayload(row) ?? {}) as Payload, store, tr };
  const sentence = SENTENCES[row.type];
  if (sentence) return sentence(namer);
  const what = known('audit.what.', row.type);
  return tr.t('audit.other', { who: namer.who, what: what ? plain(tr, what) : row.type });
}

/** A goal's title for the audit trail (its id when it is gone). */
export function goalTitleOf(store: Store, goalId: string | null, tr: Translator): string {
  return goalId === null ? tr.t('audit.everywhere') : (findGoal(store, goalId)?.title ?? goalId);
}
