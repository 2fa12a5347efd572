import { allGoalStatuses, goalDetail, recentLedger } from '../../src/app/queries/board.js';
import type { GoalStatus } from '../../src/app/queries/goal-status.js';
import { LANE_LABELS, LANES } from '../../src/kernel/lanes.js';
import { ERROR_TABLE } from '../../src/kernel/errors.js';
import type { HttpResponse } from '../../src/http/types.js';
import { BOARD_CSS, LIVE_JS } from './assets.js';
import { html, type Html } from './html.js';
import { noticePage, pageResponse } from './layout.js';
import { auditPage } from './pages/audit.js';
import { boardPage } from './pages/board.js';
import { goalPage } from './pages/goal.js';
import type { WebCall, WebRoute } from './routes.js';

const AUDIT_LIMIT = 200;

function asset(body: string, type: string): HttpResponse {
  return { status: 200, body, headers: { 'content-type': type, 'cache-control': 'no-cache' } };
}

function goalSummaryHtml(status: GoalStatus): Html {
  const lanes = LANES.map((lane) => html`<div><dt>${LANE_LABELS[lane]}</dt><dd>${status.lanes[lane]}</dd></div>`);
  return html`<article class="card card-board" data-key="goal:${status.goal.id}"><header class="card-head"><h3><a href="/goals/${status.goal.id}">${status.goal.title}</a></h3><span class="badge">${status.goal.status}</span></header><dl class="fields">${lanes}</dl><p class="context">${status.next}</p></article>`;
}

function board(call: WebCall): HttpResponse {
  const goals = allGoalStatuses(call.deps.store, call.deps.clock.now());
  return pageResponse(boardPage({ needsYou: [], goalCards: goals.map(goalSummaryHtml), goals }), call.viewer);
}

function goal(call: WebCall): HttpResponse {
  const now = call.deps.clock.now();
  const detail = goalDetail(call.deps.store, decodeURIComponent(call.params[0] ?? ''), now);
  if (!detail.ok) return pageResponse(noticePage('Goal not found', detail.error.message, 'error'), call.viewer, ERROR_TABLE[detail.error.code].http);
  return pageResponse(goalPage(detail.value, now, { cards: html``, gates: html``, quota: html`` }), call.viewer);
}

function audit(call: WebCall): HttpResponse {
  const selected = call.request.query.get('goal') || null;
  const rows = recentLedger(call.deps.store, { goalId: selected ?? undefined, limit: AUDIT_LIMIT });
  const goals = allGoalStatuses(call.deps.store, call.deps.clock.now()).map((s) => ({ id: s.goal.id, title: s.goal.title }));
  return pageResponse(auditPage(rows, goals, selected, AUDIT_LIMIT), call.viewer);
}

/** The read pages and their assets. */
export const pageRoutes: readonly WebRoute[] = [
  { method: 'GET', pattern: /^\/$/, handle: board },
  { method: 'GET', pattern: /^\/goals\/([A-Za-z0-9_.:%-]{1,200})$/, handle: goal },
  { method: 'GET', pattern: /^\/audit$/, handle: audit },
  { method: 'GET', pattern: /^\/assets\/board\.css$/, open: true, handle: () => asset(BOARD_CSS, 'text/css; charset=utf-8') },
  { method: 'GET', pattern: /^\/assets\/live\.js$/, open: true, handle: () => asset(LIVE_JS, 'text/javascript; charset=utf-8') },
];
