import type { Evidence } from '../../kernel/entities.js';
import { isStandingScope, parseDecisionScope } from '../../kernel/decision-scope.js';
import type { KernelError } from '../../kernel/errors.js';
import type { Gate } from '../../kernel/gate.js';
import { ok, type Result } from '../../kernel/result.js';
import type { Store } from '../../store/db.js';
import { listEvidence } from '../../store/evidence.js';
import { findTodo } from '../../store/todos.js';
import { GRANT_DEFAULT_DAYS } from '../gates/grants.js';
import { requireGoal } from '../lookup.js';
import { pendingGatesFor, waitingOn } from './gates.js';

/** What the operator needs to judge one gate, in plain language. */
export interface ReviewPacket {
  readonly goalId: string;
  readonly gate: Gate | null;
  readonly waitingOn: readonly string[];
  readonly suggestedDecision: 'approve' | 'reject' | 'defer' | null;
  readonly suggestionReason: string;
  readonly authorises: readonly string[];
  readonly doesNotAuthorise: readonly string[];
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

function suggest(gate: Gate, evidence: readonly Evidence[]): { decision: ReviewPacket['suggestedDecision']; reason: string } {
  const direct = evidence.filter((e) => e.gateId === gate.id || (e.todoId !== null && gate.blocks.todoIds.includes(e.todoId)));
  if (direct.length > 0) return { decision: 'approve', reason: `${direct.length} piece(s) of evidence back this request directly; read them, then approve if they convince you.` };
  if (gate.risk === 'high') return { decision: 'reject', reason: 'This is high risk and nothing backs it yet: reject with a reason that names the evidence you want to see.' };
  return { decision: 'defer', reason: 'No evidence backs this request yet: defer it until the agent reports, or approve if you already know the answer.' };
}

function scopeSentences(store: Store, gate: Gate): { authorises: string[]; doesNot: string[] } {
  const authorises: string[] = [];
  if (gate.blocks.global) authorises.push(`Every agent may resume work on goal ${gate.goalId}.`);
  if (gate.blocks.agent !== null) authorises.push(`Agent ${gate.blocks.agent} may resume its work on goal ${gate.goalId}.`);
  for (const id of gate.blocks.todoIds) authorises.push(`The agent may do: "${findTodo(store, id)?.text ?? id}".`);
  const scope = gate.decisionScope === null ? null : parseDecisionScope(gate.decisionScope);
  const standing = scope !== null && scope.ok && isStandingScope(scope.value);
  if (standing) {
    const reach = scope?.ok && scope.value.granularity === 'goal' ? 'on this goal' : 'on every goal where you may decide them (an approver\'s grant stays on this goal)';
    authorises.push(`A standing grant for ${gate.decisionScope}: later requests in this scope ${reach} are approved automatically for ${GRANT_DEFAULT_DAYS} days, unless they are high risk or need several approvals, until someone rejects one or revokes it.`);
  }
  const doesNot = [
    'Anything outside what the question names: other todos, other agents and other open gates still need their own answer.',
    'Changes to the goal, its owners or its quota.',
  ];
  if (!standing) doesNot.push('Future requests of the same kind: each one asks again.');
  return { authorises, doesNot };
}

/** The review packet for a goal: its most pressing pending gate (high risk first, then oldest). */
export function reviewPacket(store: Store, goalId: string): Result<ReviewPacket, KernelError> {
  const found = requireGoal(store, goalId);
  if (!found.ok) return found;
  const pending = [...pendingGatesFor(store, goalId)].sort((a, b) => RISK_ORDER[a.risk] - RISK_ORDER[b.risk] || a.createdAt.localeCompare(b.createdAt));
  const gate = pending[0];
  if (!gate) {
    return ok({ goalId, gate: null, waitingOn: [], suggestedDecision: null, suggestionReason: 'Nothing waits for a decision.', authorises: [], doesNotAuthorise: [], evidence: [], otherPendingGates: 0, commands: null });
  }
  const evidence = supportingEvidence(store, gate);
  const suggestion = suggest(gate, evidence);
  const { authorises, doesNot } = scopeSentences(store, gate);
  const commands = {
    approve: `loopx gate approve ${gate.id} --as <you> --revision ${gate.revision}${gate.options.length > 0 ? ` --option "<one of: ${gate.options.join(', ')}>"` : ''}`,
    reject: `loopx gate reject ${gate.id} --as <you> --revision ${gate.revision} --reason "<why>"`,
    defer: `loopx gate defer ${gate.id} --as <you> --until 1d`,
  };
  return ok({ goalId, gate, waitingOn: waitingOn(store, gate), suggestedDecision: suggestion.decision, suggestionReason: suggestion.reason, authorises, doesNotAuthorise: doesNot, evidence, otherPendingGates: pending.length - 1, commands });
}

/** The packet as plain text: the CLI's `loopx review` and the chat `review` command show the same words. */
export function reviewText(r: ReviewPacket): string {
  if (!r.gate || !r.commands) return `${r.goalId}: ${r.suggestionReason}`;
  const list = (items: readonly string[]) => items.map((i) => `  - ${i}`).join('\n');
  const evidence = r.evidence.length === 0 ? '  (none yet)' : list(r.evidence.map((e) => `[${e.kind}] ${e.summary}${e.url ? ` ${e.url}` : ''}`));
  return [
    `Review for ${r.goalId} — ${r.gate.risk} risk, waits on ${r.waitingOn.join(', ') || 'nobody'}${r.otherPendingGates > 0 ? ` (${r.otherPendingGates} more gate(s) after this one)` : ''}`,
    `\nThe question:\n  ${r.gate.question}${r.gate.context ? `\n  (${r.gate.context})` : ''}${r.gate.options.length > 0 ? `\n  Options (approve picks one): ${r.gate.options.join(' | ')}` : ''}`,
    `\nSuggested decision: ${r.suggestedDecision} — ${r.suggestionReason}`,
    `\nApproving authorises:\n${list(r.authorises)}`,
    `\nApproving does NOT authorise:\n${list(r.doesNotAuthorise)}`,
    `\nEvidence:\n${evidence}`,
    `\nTo decide:\n  ${r.commands.approve}\n  ${r.commands.reject}\n  ${r.commands.defer}`,
  ].join('\n');
}
