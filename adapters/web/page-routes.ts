import { DEFAULT_DIGEST_LIMITS, digestCard } from '../../cards/digest-card.js';
import type { Card } from '../../cards/index.js';
import { userActionCard } from '../../cards/user-action.js';
import { previewDigest } from '../../src/app/digest.js';
import { createJobDeps } from '../../src/app/job-deps.js';
import { allGoalStatuses, gateHistory, goalDetail, recentLedger, type LedgerRow } from '../../src/app/queries/board.js';
import { goalCharts } from '../../src/app/queries/charts.js';
import { goalTitleOf, ledgerSentence } from '../../src/app/queries/ledger-sentences.js';
import type { GoalStatus } from '../../src/app/queries/goal-status.js';
import { nextStepIn } from '../../src/app/chat/next-step.js';
import { findGate, findGrant, grantsReaching, listGates } from '../../src/app/queries/gates.js';
import { needsOf } from '../../src/app/queries/needs-you.js';
import { openUserActions } from '../../src/app/work/user-actions.js';
import { grantToWire } from '../../src/contract/gate-wire.js';
import { OPEN_GATE_STATES } from '../../src/kernel/gate.js';
import { ERROR_TABLE } from '../../src/kernel/errors.js';
import type { HttpResponse } from '../../src/http/types.js';
import { BOARD_CSS, LIVE_JS } from './assets.js';
import { decidableBy, gateCardById, gateCards, goalBoardCard } from './cards.js';
import { goalChartsHtml, laneBar } from './charts.js';
import { html, type Html } from './html.js';
import { noticePage, pageResponse } from './layout.js';
import { auditPage, type AuditLine } from './pages/audit.js';
import { boardPage } from './pages/board.js';
import { digestPage } from './pages/digest.js';
import { gatePage } from './pages/gate.js';
import { goalPage } from './pages/goal.js';
import { cardToHtml } from './render.js';
import type { WebCall, WebRoute } from './routes.js';
import { trOf } from './words.js';

const AUDIT_LIMIT = 200;
/** Decided gates a goal page keeps showing (newest), below the open ones. */
const RECENT_DECIDED_GATES = 5;
/** How many open user actions per goal the board's Needs you lists. */
const WEB_USER_ACTIONS = 50;

function asset(body: string, type: string): HttpResponse {
  return { status: 200, body, headers: { 'content-type': type, 'cache-control': 'no-cache' } };
}

/** A card as this viewer sees it (forms return to `returnTo`), with a link to its own page. */
function cardHtml(call: WebCall, card: Card, returnTo: string, link: { href: string; label: string } | null): Html {
  const rendered = cardToHtml(card, { csrfToken: call.viewer.csrfToken, returnTo, ...(call.notice ? { notice: call.notice } : {}) });
  return link ? html`${rendered}<p class="card-link"><a href="${link.href}">${link.label}</a></p>` : rendered;
}

/** The signed-in person's timezone: their cards show times in it (else the goal's). */
function viewerZone(call: WebCall): string | null {
  return call.viewer.person?.timezone ?? null;
}

/** A gate's card on the board, linking to its own page; without buttons when it waits on other people. */
function boardGateHtml(call: WebCall, gateId: string, decidable: boolean): Html[] {
  const card = gateCardById(call.deps, gateId, viewerZone(call), { decidable, locale: call.viewer.locale });
  return card ? [cardHtml(call, card, '/', { href: `/gates/${gateId}`, label: trOf(call.viewer).t('web.gate.details') })] : [];
}

/**
 * The board's "Needs you": a signed-in person sees only what they may decide or do (with buttons), and what waits on
 * others without buttons; a read-only visitor sees every pending gate and to-do (buttons disabled).
 */
function needsYouHtml(call: WebCall, goals: readonly GoalStatus[]): { needsYou: Html[]; waitingOnOthers: Html[] } {
  const person = call.viewer.person;
  if (person === null) {
    const gates = listGates(call.deps.store, undefined, ['pending']).flatMap((gate) => boardGateHtml(call, gate.id, true));
    const userActions = goals.flatMap(({ goal }) => openUserActions(call.deps.store, goal.id, WEB_USER_ACTIONS).actions.map((action) => cardHtml(call, userActionCard(action, goal.title, call.viewer.locale), '/', null)));
    return { needsYou: [...gates, ...userActions], waitingOnOthers: [] };
  }
  const needs = needsOf(call.deps.store, person.id);
  const userActions = needs.userActions.map(({ goalTitle, action }) => cardHtml(call, userActionCard(action, goalTitle, call.viewer.locale), '/', null));
  return {
    needsYou: [...needs.gates.flatMap((gate) => boardGateHtml(call, gate.id, true)), ...userActions],
    waitingOnOthers: needs.waitingOnOthers.flatMap((gate) => boardGateHtml(call, gate.id, false)),
  };
}

function board(call: WebCall): HttpResponse {
  const now = call.deps.clock.now();
  const goals = allGoalStatuses(call.deps.store, now);
  const viewerId = call.viewer.person?.id;
  const tr = trOf(call.viewer);
  const goalCards = goals.flatMap(({ goal, todoLanes }) => {
    const card = goalBoardCard(call.deps, goal.id, now, viewerId, call.viewer.locale);
    return card ? [html`${laneBar(tr, goal.id, todoLanes)}${cardHtml(call, card, '/', { href: `/goals/${goal.id}`, label: tr.t('web.board.openGoal', { title: goal.title }) })}`] : [];
  });
  return pageResponse(boardPage(tr, { ...needsYouHtml(call, goals), goalCards, goals, personal: viewerId !== undefined }), call.viewer);
}

function goal(call: WebCall): HttpResponse {
  const now = call.deps.clock.now();
  const goalId = call.params[0] ?? '';
  const detail = goalDetail(call.deps.store, goalId, now);
  const tr = trOf(call.viewer);
  if (!detail.ok) return pageResponse(noticePage(tr, tr.t('web.goal.notFound.title'), tr.t('web.goal.notFound.text', { id: goalId }), 'error'), call.viewer, ERROR_TABLE[detail.error.code].http);
  const here = `/goals/${goalId}`;
  const open = gateCards(call.deps, OPEN_GATE_STATES, { goalId, timezone: viewerZone(call), viewerId: call.viewer.person?.id, locale: call.viewer.locale });
  const decided = gateCards(call.deps, ['approved', 'rejected', 'expired', 'cancelled', 'superseded'], { goalId, limit: RECENT_DECIDED_GATES, timezone: viewerZone(call), locale: call.viewer.locale });
  const cards = [...open, ...decided.reverse()].map(({ gateId, card }) => cardHtml(call, card, here, { href: `/gates/${gateId}`, label: tr.t('web.goal.gateHistory') }));
  const gates = html`<h2>${tr.t('web.goal.gates')}</h2>${cards.length === 0 ? html`<p class="empty">${tr.t('web.goal.noGates')}</p>` : cards}`;
  const charts = goalChartsHtml(tr, goalCharts(call.deps.store, detail.value.goal, now), detail.value.quota);
  const next = nextStepIn(tr, detail.value.nextStep, call.deps.store);
  return pageResponse(goalPage(tr, detail.value, now, { gates, charts, next, timezone: viewerZone(call) }), call.viewer);
}

function gate(call: WebCall): HttpResponse {
  const gateId = call.params[0] ?? '';
  const found = findGate(call.deps.store, gateId);
  const card = found ? gateCardById(call.deps, gateId, viewerZone(call), { decidable: decidableBy(call.deps, found, call.viewer.person?.id), locale: call.viewer.locale }) : null;
  const tr = trOf(call.viewer);
  if (!found || !card) return pageResponse(noticePage(tr, tr.t('web.gate.notFound.title'), tr.t('web.gate.notFound.text', { id: gateId }), 'error'), call.viewer, 404);
  const now = call.deps.clock.now();
  const grants = grantsReaching(call.deps.store, found.goalId, now).filter((g) => g.id !== found.grantId);
  const own = found.grantId === null ? undefined : findGrant(call.deps.store, found.grantId);
  const forms = { csrfToken: call.viewer.csrfToken, returnTo: `/gates/${gateId}`, timezone: viewerZone(call) ?? 'UTC' };
  const page = gatePage(tr, found, cardHtml(call, card, forms.returnTo, null), auditLines(call, gateHistory(call.deps.store, gateId)), [...(own ? [own] : []), ...grants].map((g) => grantToWire(g, now)), forms);
  return pageResponse(page, call.viewer);
}

/** Ledger rows in words, for the audit page and a gate's history. */
function auditLines(call: WebCall, rows: readonly LedgerRow[]): AuditLine[] {
  const tr = trOf(call.viewer);
  return rows.map((row) => ({ row, sentence: ledgerSentence(call.deps.store, row, tr), goalTitle: goalTitleOf(call.deps.store, row.goal_id, tr) }));
}

function audit(call: WebCall): HttpResponse {
  const selected = call.request.query.get('goal') || null;
  const rows = recentLedger(call.deps.store, { goalId: selected ?? undefined, limit: AUDIT_LIMIT });
  const goals = allGoalStatuses(call.deps.store, call.deps.clock.now()).map((s) => ({ id: s.goal.id, title: s.goal.title }));
  return pageResponse(auditPage(trOf(call.viewer), viewerZone(call) ?? 'UTC', auditLines(call, rows), goals, selected, AUDIT_LIMIT), call.viewer);
}

// Ids are slugs or prefixed ids: nothing to percent-decode.
function digest(call: WebCall): HttpResponse {
  const selected = call.request.query.get('goal') || null;
  const goals = allGoalStatuses(call.deps.store, call.deps.clock.now()).map((s) => ({ id: s.goal.id, title: s.goal.title }));
  const jobs = createJobDeps(call.deps);
  const viewerId = call.viewer.person?.id;
  const cards = goals
    .filter((g) => selected === null || g.id === selected)
    .flatMap((g) => {
      const view = previewDigest(jobs, g.id);
      return view.ok ? [cardHtml(call, digestCard(view.value, DEFAULT_DIGEST_LIMITS, viewerId === undefined ? { locale: call.viewer.locale } : { viewerId, locale: call.viewer.locale }), '/digest', { href: `/goals/${g.id}`, label: trOf(call.viewer).t('web.digest.openGoal', { title: g.title }) })] : [];
    });
  return pageResponse(digestPage(trOf(call.viewer), cards, goals, selected), call.viewer);
}

const ID = '([A-Za-z0-9_.:-]{1,128})';

/** The read pages and their assets. */
export const pageRoutes: readonly WebRoute[] = [
  { method: 'GET', pattern: /^\/$/, handle: board },
  { method: 'GET', pattern: new RegExp(`^/goals/${ID}$`), handle: goal },
  { method: 'GET', pattern: new RegExp(`^/gates/${ID}$`), handle: gate },
  { method: 'GET', pattern: /^\/audit$/, handle: audit },
  { method: 'GET', pattern: /^\/digest$/, handle: digest },
  { method: 'GET', pattern: /^\/assets\/board\.css$/, open: true, handle: () => asset(BOARD_CSS, 'text/css; charset=utf-8') },
  { method: 'GET', pattern: /^\/assets\/live\.js$/, open: true, handle: () => asset(LIVE_JS, 'text/javascript; charset=utf-8') },
];
