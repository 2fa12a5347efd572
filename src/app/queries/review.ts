import { evidenceKindIn, namesIn, translator, type Translator } from '../../../cards/i18n/index.js';
import type { Card } from '../../../cards/model.js';
import { reviewCard } from '../../../cards/review-card.js';
import { GATE_CHOICES } from '../../contract/card-action.js';
import type { Evidence } from '../../kernel/entities.js';
import { isStandingScope, parseDecisionScope } from '../../kernel/decision-scope.js';
import type { KernelError } from '../../kernel/errors.js';
import type { Gate } from '../../kernel/gate.js';
import { ok, type Result } from '../../kernel/result.js';
import type { Store } from '../../store/db.js';
import { listEvidence } from '../../store/evidence.js';
import { findPerson } from '../../store/people.js';
import { findTodo } from '../../store/todos.js';
import { GRANT_DEFAULT_DAYS } from '../gates/grants.js';
import { requireGoal } from '../lookup.js';
import { pendingGatesFor, waitingOn } from './gates.js';

/** A sentence of the packet, to say in any language. */
export type Sentence = (tr: Translator) => string;

/** What the operator needs to judge one gate, in plain language. */
export interface ReviewPacket {
  readonly goalId: string;
  readonly gate: Gate | null;
  readonly waitingOn: readonly string[];
  /** The same people by name. */
  readonly waitingOnNames: readonly string[];
  readonly suggestedDecision: 'approve' | 'reject' | 'defer' | null;
  /** The suggestion and the scope sentences in English (`loopx review --json`: wire text). */
  readonly suggestionReason: string;
  readonly authorises: readonly string[];
  readonly doesNotAuthorise: readonly string[];
  /** The same sentences, for a reply in the reader's language. */
  readonly said: { readonly suggestion: Sentence; readonly authorises: readonly Sentence[]; readonly doesNotAuthorise: readonly Sentence[] };
  readonly evidence: readonly Evidence[];
  readonly otherPendingGates: number;
  readonly commands: { approve: string; reject: string; defer: string } | null;
}

const RISK_ORDER = { high: 0, normal: 1, low: 2 } as const;

/** The evidence behind a gate: linked to it first, then on the todos it names, then the goal's latest. */
export function supportingEvidence(store: Store, gate: Gate): Evidence[] {
  const recent = listEvidence(store, gate.goalId, 100);
  const rank = (e: Evidence) => (e.gateId === gate.id ? 0 : e.todoId !== null && gate.blocks.todoIds.includes(e.todoId) ? 1 : 2);
  return [...recent].sort((a, b) => rank(a) - rank(b)).slice(0, 5);
}

function suggest(gate: Gate, evidence: readonly Evidence[]): { decision: ReviewPacket['suggestedDecision']; reason: Sentence } {
  const direct = evidence.filter((e) => e.gateId === gate.id || (e.todoId !== null && gate.blocks.todoIds.includes(e.todoId)));
  if (direct.length > 0) return { decision: 'approve', reason: (tr) => tr.t('review.suggest.evidence', { count: direct.length }) };
  if (gate.risk === 'high') return { decision: 'reject', reason: (tr) => tr.t('review.suggest.highRisk') };
  return { decision: 'defer', reason: (tr) => tr.t('review.suggest.noEvidence') };
}

function scopeSentences(store: Store, gate: Gate): { authorises: Sentence[]; doesNot: Sentence[] } {
  const goal = gate.goalId;
  const authorises: Sentence[] = [];
  if (gate.blocks.global) authorises.push((tr) => tr.t('review.auth.global', { goal }));
  const agent = gate.blocks.agent;
  if (agent !== null) authorises.push((tr) => tr.t('review.auth.agent', { agent, goal }));
  for (const id of gate.blocks.todoIds) {
    const text = findTodo(store, id)?.text ?? id;
    authorises.push((tr) => tr.t('review.auth.todo', { text }));
  }
  const scope = gate.decisionScope === null ? null : parseDecisionScope(gate.decisionScope);
  const standing = scope !== null && scope.ok && isStandingScope(scope.value);
  if (standing) {
    const key = scope?.ok && scope.value.granularity === 'goal' ? 'review.auth.grantGoal' : 'review.auth.grantWide';
    authorises.push((tr) => tr.t(key, { scope: gate.decisionScope ?? '', days: GRANT_DEFAULT_DAYS }));
  }
  const doesNot: Sentence[] = [(tr) => tr.t('review.not.outside'), (tr) => tr.t('review.not.goal')];
  if (!standing) doesNot.push((tr) => tr.t('review.not.future'));
  return { authorises, doesNot };
}

/** A packet from its sentences: the English wire strings are the English rendering of the same sentences. */
function withSentences(packet: Omit<ReviewPacket, 'suggestionReason' | 'authorises' | 'doesNotAuthorise'>): ReviewPacket {
  const en = translator('en');
  const { suggestion, authorises, doesNotAuthorise } = packet.said;
  return { ...packet, suggestionReason: suggestion(en), authorises: authorises.map((s) => s(en)), doesNotAuthorise: doesNotAuthorise.map((s) => s(en)) };
}

/** The review packet for a goal: its most pressing pending gate (high risk first, then oldest). */
export function reviewPacket(store: Store, goalId: string): Result<ReviewPacket, KernelError> {
  const found = requireGoal(store, goalId);
  if (!found.ok) return found;
  const pending = [...pendingGatesFor(store, goalId)].sort((a, b) => RISK_ORDER[a.risk] - RISK_ORDER[b.risk] || a.createdAt.localeCompare(b.createdAt));
  const gate = pending[0];
  if (!gate) {
    const said = { suggestion: (tr: Translator) => tr.t('review.nothing'), authorises: [], doesNotAuthorise: [] };
    return ok(withSentences({ goalId, gate: null, waitingOn: [], waitingOnNames: [], suggestedDecision: null, said, evidence: [], otherPendingGates: 0, commands: null }));
  }
  const evidence = supportingEvidence(store, gate);
  const suggestion = suggest(gate, evidence);
  const { authorises, doesNot } = scopeSentences(store, gate);
  const commands = {
    approve: `loopx gate approve ${gate.id} --as <you> --revision ${gate.revision}${gate.options.length > 0 ? ` --option "<one of: ${gate.options.join(', ')}>"` : ''}`,
    reject: `loopx gate reject ${gate.id} --as <you> --revision ${gate.revision} --reason "<why>"`,
    defer: `loopx gate defer ${gate.id} --as <you> --until 1d`,
  };
  const waiting = waitingOn(store, gate);
  const said = { suggestion: suggestion.reason, authorises, doesNotAuthorise: doesNot };
  const waitingOnNames = waiting.map((id) => findPerson(store, id)?.name ?? id);
  return ok(withSentences({ goalId, gate, waitingOn: waiting, waitingOnNames, suggestedDecision: suggestion.decision, said, evidence, otherPendingGates: pending.length - 1, commands }));
}

/** The packet as plain text in a language: the CLI's `loopx review` (English) and the chat `review` / `评审` command. */
export function reviewText(r: ReviewPacket, tr: Translator = translator('en')): string {
  if (!r.gate || !r.commands) return `${r.goalId}: ${r.said.suggestion(tr)}`;
  const list = (items: readonly string[]) => items.map((i) => `  - ${i}`).join('\n');
  const evidence = r.evidence.length === 0 ? `  ${tr.t('review.noEvidence')}` : list(r.evidence.map((e) => `[${evidenceKindIn(tr, e.kind)}] ${e.summary}${e.url ? ` ${e.url}` : ''}`));
  const more = r.otherPendingGates > 0 ? tr.t('review.more', { count: r.otherPendingGates }) : '';
  const options = r.gate.options.length > 0 ? `\n  ${tr.t('review.options', { options: r.gate.options.join(' | ') })}` : '';
  const decision = r.suggestedDecision ? tr.t(`review.decision.${r.suggestedDecision}`) : '';
  return [
    tr.t('review.title', { goal: r.goalId, risk: tr.t(`gate.risk.${r.gate.risk}`), names: namesIn(tr, r.waitingOnNames), more }),
    `\n${tr.t('review.question')}\n  ${r.gate.question}${r.gate.context ? `\n  (${r.gate.context})` : ''}${options}`,
    `\n${tr.t('review.suggested', { decision, reason: r.said.suggestion(tr) })}`,
    `\n${tr.t('review.authorises')}\n${list(r.said.authorises.map((s) => s(tr)))}`,
    `\n${tr.t('review.doesNot')}\n${list(r.said.doesNotAuthorise.map((s) => s(tr)))}`,
    `\n${tr.t('review.evidence')}\n${evidence}`,
    `\n${tr.t('review.toDecide')}\n  ${r.commands.approve}\n  ${r.commands.reject}\n  ${r.commands.defer}`,
  ].join('\n');
}

/** The packet as a card in a language (the chat's `review` / `评审`), or null when nothing waits for a decision. */
export function reviewCardOf(r: ReviewPacket, tr: Translator): Card | null {
  if (!r.gate) return null;
  const { gate } = r;
  return reviewCard(
    {
      goalId: r.goalId,
      gate: { id: gate.id, revision: gate.revision, question: gate.question, context: gate.context, risk: gate.risk, options: gate.options, choices: GATE_CHOICES },
      waitingOnNames: r.waitingOnNames,
      suggestedDecision: r.suggestedDecision,
      suggestion: r.said.suggestion(tr),
      authorises: r.said.authorises.map((s) => s(tr)),
      doesNotAuthorise: r.said.doesNotAuthorise.map((s) => s(tr)),
      evidence: r.evidence.map((e) => ({ kind: e.kind, summary: e.summary, url: e.url })),
      otherPendingGates: r.otherPendingGates,
    },
    tr.locale,
  );
}
