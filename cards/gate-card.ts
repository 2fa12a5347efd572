import { BUTTON_DEFER_HOURS, type GateChoice } from '../src/contract/card-action.js';
import { capitalise, clip, clockTime, dateTime } from './format.js';
import type { ButtonConfirm, Card, CardBlock, CardButton, CardPerson, Tone } from './model.js';
import type { GateDecisionView, GateView } from './views.js';

const BUTTON_LOOK: Readonly<Record<GateChoice, Pick<CardButton, 'label' | 'style'>>> = {
  approve: { label: 'Approve', style: 'primary' },
  reject: { label: 'Reject', style: 'danger' },
  defer: { label: `Defer ${BUTTON_DEFER_HOURS} h`, style: 'default' },
};

const OUTCOME_TONE: Readonly<Record<GateDecisionView['outcome'], Tone>> = {
  approved: 'good',
  rejected: 'danger',
  deferred: 'warning',
  expired: 'warning',
  cancelled: 'muted',
  superseded: 'muted',
};

const NOBODY_MAY_DECIDE = 'Waiting on: nobody may decide this yet. Add an owner or approver to the goal.';

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
export function approvalConfirm(ask: GateAsk, choice: GateChoice): ButtonConfirm | null {
  if (ask.risk !== 'high' || choice !== 'approve') return null;
  return { title: 'Approve a high-risk request?', text: `High risk: approve “${clip(ask.question, 240)}”? The agent goes ahead as soon as you confirm.`, ok: 'Yes, approve', deny: 'Cancel' };
}

/**
 * The buttons of a pending gate: each carries only {version, gate id, revision, choice}. A gate asked with options
 * gets one approve button per option (labelled with it, carrying its index) instead of a plain Approve. The
 * approve buttons of a high-risk gate ask for confirmation first.
 */
export function gateButtons(gateId: string, revision: number, choices: readonly GateChoice[], options: readonly string[] = [], ask?: GateAsk): CardButton[] {
  return choices.flatMap((choice): CardButton[] => {
    const confirm = ask ? approvalConfirm(ask, choice) : null;
    const extra = confirm ? { confirm } : {};
    if (choice !== 'approve' || options.length === 0) return [{ ...BUTTON_LOOK[choice], action: { v: 1, gate: gateId, rev: revision, choice }, ...extra }];
    return options.map((option, opt) => ({ label: option, style: 'primary', action: { v: 1, gate: gateId, rev: revision, choice, opt }, ...extra }));
  });
}

/** "Approved by Ana · 14:02 (Asia/Shanghai) · via Slack": the outcome line, from the recorded decision. */
export function outcomeLine(decision: GateDecisionView, timezone: string): string {
  const by = `${decision.option ? ` "${decision.option}"` : ''}${decision.by ? ` by ${decision.by}` : ''}`;
  const until = decision.until ? ` until ${dateTime(decision.until, timezone)}` : '';
  return `${capitalise(decision.outcome)}${by}${until} · ${clockTime(decision.at, timezone)} · via ${capitalise(decision.via)}`;
}

function bodyBlocks(view: GateView): CardBlock[] {
  const blocks: CardBlock[] = [{ type: 'header', text: view.question, status: view.state, tone: RISK_TONE[view.risk] }];
  if (view.context) blocks.push({ type: 'text', text: view.context });
  if (view.options && view.options.length > 0) blocks.push({ type: 'text', text: `Options: ${view.options.join(' · ')}` });
  blocks.push({
    type: 'fields',
    fields: [
      { label: 'Goal', value: view.goalTitle },
      { label: 'Asked by', value: view.askedBy },
      { label: 'Blocks', value: view.blocks },
      { label: 'Risk', value: view.risk },
      { label: 'Expires', value: view.expiresAt ? dateTime(view.expiresAt, view.timezone) : 'never' },
    ],
  });
  blocks.push({ type: 'text', text: `Approve: ${view.onApprove}\nReject: ${view.onReject}`, tone: 'muted' });
  if (view.evidence) blocks.push(evidenceBlock(view.evidence, view.timezone));
  if (view.approvals && view.state === 'pending') blocks.push({ type: 'text', text: approvalsLine(view.approvals) });
  if (view.state === 'pending' && view.waitingOn) blocks.push(waitingOnBlock(view.waitingOn));
  return blocks;
}

/** "Waiting on: @Li @Bo", or a warning when nobody may decide the gate. */
export function waitingOnBlock(people: readonly CardPerson[]): CardBlock {
  if (people.length === 0) return { type: 'text', text: NOBODY_MAY_DECIDE, tone: 'warning' };
  return { type: 'mentions', label: 'Waiting on', people };
}

/** "1 of 2 approvals (Bob)": a quorum gate's progress, by name. */
export function approvalsLine(approvals: NonNullable<GateView['approvals']>): string {
  const names = approvals.names.length > 0 ? ` (${approvals.names.join(', ')})` : '';
  return `${approvals.names.length} of ${approvals.needed} approvals${names}`;
}

function fallbackText(view: GateView): string {
  if (view.decision) return `${outcomeLine(view.decision, view.timezone)}: ${view.question}`;
  return `Decision needed on ${view.goalTitle}: ${view.question}`;
}

/** How a gate card is drawn for one viewer. */
export interface GateCardOptions {
  /** False on a personal view when the gate waits on other people: no buttons, just who it waits on. */
  readonly decidable?: boolean;
}

/**
 * A gate card. While pending it ends with the buttons; once closed it keeps its body and replaces the
 * buttons with the outcome line and the reason, so every copy converges to the recorded decision.
 */
export function gateCard(view: GateView, options: GateCardOptions = {}): Card {
  const blocks = bodyBlocks(view);
  if (view.state === 'pending' || view.decision === null) {
    if (options.decidable !== false) blocks.push({ type: 'actions', buttons: gateButtons(view.id, view.revision, view.choices, view.options, view) });
  } else {
    blocks.push({ type: 'outcome', text: outcomeLine(view.decision, view.timezone), tone: OUTCOME_TONE[view.decision.outcome] });
    if (view.decision.reason) blocks.push({ type: 'text', text: `Reason: ${view.decision.reason}` });
  }
  const context = contextLine(view);
  if (context) blocks.push({ type: 'context', text: context });
  return { key: gateCardKey(view.id), kind: 'gate', fallbackText: fallbackText(view), blocks };
}

/** The evidence that backs the ask: its summary, who reported it and when, and its link. */
function evidenceBlock(evidence: NonNullable<GateView['evidence']>, timezone: string): CardBlock {
  const meta = `${evidence.kind.replace(/_/g, ' ')}${evidence.by ? ` by ${evidence.by}` : ''} · ${dateTime(evidence.at, timezone)}`;
  const item = evidence.url ? { text: evidence.summary, meta, link: { label: 'open', url: evidence.url } } : { text: evidence.summary, meta };
  return { type: 'list', title: 'Evidence', items: [item] };
}

/** The small print, in words and without ids (those stay in `gate show` and --json); empty when there is none. */
function contextLine(view: GateView): string {
  const changed = view.revision > 1 ? `The question changed ${view.revision - 1 === 1 ? 'once' : `${view.revision - 1} times`} since it was first asked.` : '';
  const grant = view.grantId ? 'Approved automatically by a standing grant.' : '';
  return [changed, grant].filter((part) => part !== '').join(' ');
}

/** The projection key of a gate's card. */
export function gateCardKey(gateId: string): string {
  return `gate:${gateId}`;
}
