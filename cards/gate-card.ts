import { BUTTON_DEFER_HOURS, type GateChoice } from '../src/contract/card-action.js';
import { capitalise, clip } from './format.js';
import { cardLocale, evidenceKindIn, translator, type Locale, type Translator } from './i18n/index.js';
import type { ButtonConfirm, Card, CardBlock, CardButton, CardPerson, Tone } from './model.js';
import type { GateBlocks, GateDecisionView, GateView } from './views.js';

const EN = translator('en');

function buttonLook(choice: GateChoice, tr: Translator): Pick<CardButton, 'label' | 'style'> {
  if (choice === 'approve') return { label: tr.t('gate.button.approve'), style: 'primary' };
  if (choice === 'reject') return { label: tr.t('gate.button.reject'), style: 'danger' };
  return { label: tr.t('gate.button.defer', { hours: BUTTON_DEFER_HOURS }), style: 'default' };
}

const OUTCOME_TONE: Readonly<Record<GateDecisionView['outcome'], Tone>> = {
  approved: 'good',
  rejected: 'danger',
  deferred: 'warning',
  expired: 'warning',
  cancelled: 'muted',
  superseded: 'muted',
};

const RISK_TONE: Readonly<Record<GateView['risk'], Tone>> = { low: 'normal', normal: 'normal', high: 'danger' };

/** What a gate's buttons need to know about the question: high-risk approvals are confirmed first. */
export interface GateAsk {
  readonly question: string;
  readonly risk: GateView['risk'];
}

/**
 * The confirmation a high-risk approval asks for (every surface: Slack and Lark dialogs, a step on the web board);
 * null when the choice needs none. Rejecting needs a reason instead, deferring is harmless.
 */
export function approvalConfirm(ask: GateAsk, choice: GateChoice, tr: Translator = EN): ButtonConfirm | null {
  if (ask.risk !== 'high' || choice !== 'approve') return null;
  return { title: tr.t('gate.confirm.title'), text: tr.t('gate.confirm.text', { question: clip(ask.question, 240) }), ok: tr.t('gate.confirm.ok'), deny: tr.t('gate.confirm.deny') };
}

/**
 * The buttons of a pending gate: each carries only {version, gate id, revision, choice}. A gate asked with options
 * gets one approve button per option (labelled with it, carrying its index) instead of a plain Approve. The
 * approve buttons of a high-risk gate ask for confirmation first.
 */
export function gateButtons(gateId: string, revision: number, choices: readonly GateChoice[], options: readonly string[] = [], ask: GateAsk, tr: Translator): CardButton[] {
  return choices.flatMap((choice): CardButton[] => {
    const confirm = approvalConfirm(ask, choice, tr);
    const extra = confirm ? { confirm } : {};
    if (choice !== 'approve' || options.length === 0) return [{ ...buttonLook(choice, tr), action: { v: 1, gate: gateId, rev: revision, choice }, ...extra }];
    return options.map((option, opt) => ({ label: option, style: 'primary', action: { v: 1, gate: gateId, rev: revision, choice, opt }, ...extra }));
  });
}

/** "Approved by Ana · 14:02 (Asia/Shanghai) · via Slack": the outcome line, from the recorded decision. */
export function outcomeLine(decision: GateDecisionView, timezone: string, tr: Translator = EN): string {
  return tr.t('gate.outcome.line', {
    outcome: tr.t(`gate.outcome.${decision.outcome}`),
    option: decision.option ? tr.t('gate.outcome.option', { option: decision.option }) : '',
    by: decision.by ? tr.t('gate.outcome.by', { name: decision.by }) : '',
    until: decision.until ? tr.t('gate.outcome.until', { time: tr.dateTime(decision.until, timezone) }) : '',
    time: tr.clockTime(decision.at, timezone),
    via: capitalise(decision.via),
  });
}

/** What a gate blocks, in words: "the whole goal", "agent a1", "the todo "Publish the post"". */
function blocksIn(blocks: GateBlocks, tr: Translator): string {
  if (blocks.kind === 'goal') return tr.t('gate.blocks.goal');
  if (blocks.kind === 'agent') return tr.t('gate.blocks.agent', { agent: blocks.agent });
  if (blocks.todos.length === 0) return tr.t('gate.blocks.nothing');
  const todos = blocks.todos.map((text) => (text === null ? tr.t('gate.blocks.gone') : tr.t('gate.blocks.todoText', { text }))).join(tr.t('names.separator'));
  return tr.t(blocks.todos.length === 1 ? 'gate.blocks.todo' : 'gate.blocks.todos', { todos });
}

function bodyBlocks(view: GateView, tr: Translator): CardBlock[] {
  const blocks: CardBlock[] = [{ type: 'header', text: view.question, status: tr.t(`gate.state.${view.state}`), tone: RISK_TONE[view.risk] }];
  if (view.context) blocks.push({ type: 'text', text: view.context });
  if (view.options && view.options.length > 0) blocks.push({ type: 'text', text: tr.t('gate.options', { options: view.options.join(' · ') }) });
  const blocked = blocksIn(view.blocks, tr);
  blocks.push({
    type: 'fields',
    fields: [
      { label: tr.t('gate.field.goal'), value: view.goalTitle },
      { label: tr.t('gate.field.askedBy'), value: view.askedBy },
      { label: tr.t('gate.field.blocks'), value: blocked },
      { label: tr.t('gate.field.risk'), value: tr.t(`gate.risk.${view.risk}`) },
      { label: tr.t('gate.field.expires'), value: view.expiresAt ? tr.dateTime(view.expiresAt, view.timezone) : tr.t('gate.never') },
    ],
  });
  const onApprove = tr.t('gate.onApprove', { name: view.askedBy, blocks: blocked });
  blocks.push({ type: 'text', text: tr.t('gate.effects', { onApprove, onReject: tr.t('gate.onReject', { name: view.askedBy }) }), tone: 'muted' });
  if (view.evidence) blocks.push(evidenceBlock(view.evidence, view.timezone, tr));
  if (view.approvals && view.state === 'pending') blocks.push({ type: 'text', text: approvalsLine(view.approvals, tr) });
  if (view.state === 'pending' && view.waitingOn) blocks.push(waitingOnBlock(view.waitingOn, tr));
  return blocks;
}

/** "Waiting on: @Li @Bo", or a warning when nobody may decide the gate. */
export function waitingOnBlock(people: readonly CardPerson[], tr: Translator = EN): CardBlock {
  if (people.length === 0) return { type: 'text', text: tr.t('gate.nobody'), tone: 'warning' };
  return { type: 'mentions', label: tr.t('gate.waitingOn'), people };
}

/** "1 of 2 approvals (Bob)": a quorum gate's progress, by name. */
export function approvalsLine(approvals: NonNullable<GateView['approvals']>, tr: Translator = EN): string {
  const names = approvals.names.length > 0 ? ` (${approvals.names.join(tr.t('names.separator'))})` : '';
  return tr.t('gate.approvals', { count: approvals.names.length, needed: approvals.needed, names });
}

function fallbackText(view: GateView, tr: Translator): string {
  if (view.decision) return tr.t('gate.fallback.decided', { outcome: outcomeLine(view.decision, view.timezone, tr), question: view.question });
  return tr.t('gate.fallback.pending', { goal: view.goalTitle, question: view.question });
}

/** How a gate card is drawn for one viewer. */
export interface GateCardOptions {
  /** False on a personal view when the gate waits on other people: no buttons, just who it waits on. */
  readonly decidable?: boolean;
  /** The reader's language: the binding's for a chat, the person's for a direct message (default English). */
  readonly locale?: Locale;
}

/**
 * A gate card. While pending it ends with the buttons; once closed it keeps its body and replaces the
 * buttons with the outcome line and the reason, so every copy converges to the recorded decision.
 */
export function gateCard(view: GateView, options: GateCardOptions = {}): Card {
  const tr = translator(options.locale);
  const blocks = bodyBlocks(view, tr);
  if (view.state === 'pending' || view.decision === null) {
    if (options.decidable !== false) blocks.push({ type: 'actions', buttons: gateButtons(view.id, view.revision, view.choices, view.options, view, tr) });
  } else {
    blocks.push({ type: 'outcome', text: outcomeLine(view.decision, view.timezone, tr), tone: OUTCOME_TONE[view.decision.outcome] });
    if (view.decision.reason) blocks.push({ type: 'text', text: tr.t('gate.reason', { reason: view.decision.reason }) });
  }
  const context = contextLine(view, tr);
  if (context) blocks.push({ type: 'context', text: context });
  return { key: gateCardKey(view.id), kind: 'gate', fallbackText: fallbackText(view, tr), blocks, ...cardLocale(tr) };
}

/** "reviewed by Ana · 2026-01-05 14:02 (Asia/Shanghai)": who reported a piece of evidence and when. */
export function evidenceMeta(evidence: { kind: string; by?: string | null; at: string }, time: string, tr: Translator): string {
  const kind = evidenceKindIn(tr, evidence.kind);
  return tr.t('gate.evidence.meta', { kind, by: evidence.by ? tr.t('gate.evidence.by', { name: evidence.by }) : '', time });
}

/** The evidence that backs the ask: its summary, who reported it and when, and its link. */
function evidenceBlock(evidence: NonNullable<GateView['evidence']>, timezone: string, tr: Translator): CardBlock {
  const meta = evidenceMeta(evidence, tr.dateTime(evidence.at, timezone), tr);
  const item = evidence.url ? { text: evidence.summary, meta, link: { label: tr.t('gate.open'), url: evidence.url } } : { text: evidence.summary, meta };
  return { type: 'list', title: tr.t('gate.evidence'), items: [item] };
}

/** The small print, in words and without ids (those stay in `gate show` and --json); empty when there is none. */
function contextLine(view: GateView, tr: Translator): string {
  const changed = view.revision > 1 ? tr.t('gate.changed', { count: view.revision - 1 }) : '';
  const grant = view.grantId ? tr.t('gate.granted') : '';
  return [changed, grant].filter((part) => part !== '').join(' ');
}

/** The projection key of a gate's card. */
export function gateCardKey(gateId: string): string {
  return `gate:${gateId}`;
}
