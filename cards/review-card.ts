import type { GateChoice } from '../src/contract/card-action.js';
import { gateButtons } from './gate-card.js';
import { cardLocale, evidenceKindIn, namesIn, translator, type Locale } from './i18n/index.js';
import type { Card, CardBlock } from './model.js';

/** A review packet as a person reads it: the sentences already in their language, the gate's buttons to decide. */
export interface ReviewView {
  readonly goalId: string;
  readonly gate: {
    readonly id: string;
    readonly revision: number;
    readonly question: string;
    readonly context: string | null;
    readonly risk: 'low' | 'normal' | 'high';
    readonly options: readonly string[];
    readonly choices: readonly GateChoice[];
  };
  readonly waitingOnNames: readonly string[];
  readonly suggestedDecision: GateChoice | null;
  readonly suggestion: string;
  readonly authorises: readonly string[];
  readonly doesNotAuthorise: readonly string[];
  readonly evidence: readonly { readonly kind: string; readonly summary: string; readonly url: string | null }[];
  readonly otherPendingGates: number;
}

/**
 * The review packet as a card (chat `review` / `评审`): the question, the suggested decision and why, what approving
 * does and does not authorise, the evidence, and the gate's own buttons, so a phone reader decides from it.
 */
export function reviewCard(view: ReviewView, locale: Locale = 'en'): Card {
  const tr = translator(locale);
  const { gate } = view;
  const more = view.otherPendingGates > 0 ? tr.t('review.more', { count: view.otherPendingGates }) : '';
  const decision = view.suggestedDecision ? tr.t(`review.decision.${view.suggestedDecision}`) : '';
  const blocks: CardBlock[] = [
    { type: 'header', text: gate.question, status: tr.t(`gate.risk.${gate.risk}`), tone: gate.risk === 'high' ? 'danger' : 'normal' },
    { type: 'context', text: tr.t('review.title', { goal: view.goalId, risk: tr.t(`gate.risk.${gate.risk}`), names: namesIn(tr, view.waitingOnNames), more }) },
    ...(gate.context ? [{ type: 'text' as const, text: gate.context }] : []),
    ...(gate.options.length > 0 ? [{ type: 'text' as const, text: tr.t('review.options', { options: gate.options.join(' | ') }) }] : []),
    { type: 'text', text: tr.t('review.suggested', { decision, reason: view.suggestion }), tone: 'good' },
    { type: 'list', title: tr.t('review.authorises'), items: view.authorises.map((text) => ({ text })) },
    { type: 'list', title: tr.t('review.doesNot'), items: view.doesNotAuthorise.map((text) => ({ text })) },
    {
      type: 'list',
      title: tr.t('review.evidence'),
      items: view.evidence.length === 0 ? [{ text: tr.t('review.noEvidence') }] : view.evidence.map((e) => ({ text: e.summary, meta: evidenceKindIn(tr, e.kind), ...(e.url ? { link: { label: e.summary, url: e.url } } : {}) })),
    },
    { type: 'actions', buttons: gateButtons(gate.id, gate.revision, gate.choices, gate.options, gate, tr) },
  ];
  return { key: `review:${gate.id}`, kind: 'gate', fallbackText: tr.t('review.suggested', { decision, reason: view.suggestion }), blocks, ...cardLocale(tr) };
}
