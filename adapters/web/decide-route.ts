import { approvalConfirm, gateCardKey } from '../../cards/gate-card.js';
import { userActionCardKey } from '../../cards/user-action.js';
import { decideAsPerson, decisionFromButton, type ButtonRequest } from '../../src/app/chat-decisions.js';
import { refusalIn } from '../../src/app/chat/refusal.js';
import { findGate } from '../../src/app/queries/gates.js';
import { revokeStandingGrant } from '../../src/app/gates/grants.js';
import type { Person } from '../../src/kernel/entities.js';
import { ERROR_TABLE } from '../../src/kernel/errors.js';
import type { HttpResponse } from '../../src/http/types.js';
import { isCsrfValid } from './auth.js';
import { html } from './html.js';
import { noticePage, pageResponse } from './layout.js';
import { pageRoutes } from './page-routes.js';
import type { CardNotice } from './render.js';
import { readForm, redirect, safeReturnPath, type WebCall, type WebRoute } from './routes.js';
import { trOf } from './words.js';

/** A refusal page in the viewer's language; `title` defaults to "Not recorded". */
function refused(call: WebCall, message: string, status: number, back: string, title: string = trOf(call.viewer).t('web.notRecorded')): HttpResponse {
  const tr = trOf(call.viewer);
  return pageResponse(noticePage(tr, title, message, 'error', { href: back, label: tr.t('web.back.where') }), call.viewer, status);
}

/**
 * A button press from the board: the same `{v, gate, rev, choice}` value a chat click carries, decided by the
 * kernel as the signed-in person, via `web`. Refusals (stale revision, already decided, not an approver) are
 * shown to the person; the kernel records them in the audit trail.
 */
/** A signed-in person's form from a board page (CSRF checked), or the page that refuses it. */
function signedForm(call: WebCall): { form: URLSearchParams; person: Person; back: string } | HttpResponse {
  const form = readForm(call.request);
  const back = safeReturnPath(form?.get('return_to') ?? null);
  const tr = trOf(call.viewer);
  if (form === null) return refused(call, tr.t('web.decide.notForm'), 415, back);
  if (call.viewer.person === null) return refused(call, tr.t('web.decide.signIn.text'), 401, back, tr.t('web.decide.signIn.title'));
  if (!isCsrfValid(call.viewer, form.get('csrf'), call.request.headers)) return refused(call, tr.t('web.decide.csrf'), ERROR_TABLE.csrf_rejected.http, back);
  return { form, person: call.viewer.person, back };
}

/**
 * The page the person pressed on, drawn again with `notice` on the card they pressed (a refusal, or the confirm
 * step of a high-risk approval); null when that page or card is not there any more.
 */
function onCard(call: WebCall, back: string, notice: CardNotice, status: number): HttpResponse | null {
  const url = new URL(back, 'http://board.invalid');
  const hit = pageRoutes.map((route) => ({ route, match: route.method === 'GET' ? route.pattern.exec(url.pathname) : null })).find((h) => h.match !== null);
  if (!hit?.match) return null;
  const request = { ...call.request, method: 'GET', path: url.pathname, query: url.searchParams, body: Buffer.alloc(0) };
  const page = hit.route.handle({ ...call, request, params: hit.match.slice(1), notice });
  if (page.status !== 200 || !String(page.body).includes('class="card-notice')) return null;
  // The page is answered at /decide: it names where it really is, and live.js puts that back in the address bar.
  return { ...page, status, body: String(page.body).replace('<body>', html`<body data-here="${back}">`.value) };
}

function cardKeyOf(request: ButtonRequest): string {
  return 'todoId' in request ? userActionCardKey(request.todoId) : gateCardKey(request.gateId);
}

/** A high-risk approval not confirmed yet: the confirmation it asks for first. */
function confirmNeeded(call: WebCall, request: ButtonRequest, form: URLSearchParams): CardNotice | null {
  if ('todoId' in request || form.get('confirmed') === 'yes') return null;
  const gate = findGate(call.deps.store, request.gateId);
  const confirm = gate ? approvalConfirm(gate, request.choice, trOf(call.viewer)) : null;
  return confirm ? { kind: 'confirm', key: gateCardKey(request.gateId), text: confirm.text, ok: confirm.ok, action: form.get('action') ?? '' } : null;
}

function decide(call: WebCall): HttpResponse {
  const signed = signedForm(call);
  if ('status' in signed) return signed;
  const { form, back } = signed;
  const tr = trOf(call.viewer);
  const decision = decisionFromButton(form.get('action'), call.deps.clock.now(), form.get('reason')?.trim() || undefined);
  if (decision === null) return refused(call, tr.t('web.decide.badButton'), 422, back);
  const confirm = confirmNeeded(call, decision, form);
  if (confirm) return onCard(call, back, confirm, 200) ?? refused(call, tr.t('web.decide.confirmElsewhere', { text: confirm.text }), 409, back);
  const reply = decideAsPerson(call.deps, signed.person.id, decision, 'web', tr.locale);
  if (reply.ok) return redirect(back);
  const status = ERROR_TABLE[reply.code ?? 'internal_error'].http;
  return onCard(call, back, { kind: 'refused', key: cardKeyOf(decision), text: reply.text }, status) ?? refused(call, reply.text, status, back);
}

/** Revokes a standing grant from the gate page, as the signed-in person (its grantor or a goal owner). */
function revokeGrant(call: WebCall): HttpResponse {
  const signed = signedForm(call);
  if ('status' in signed) return signed;
  const grantId = signed.form.get('grant') ?? '';
  const revoked = revokeStandingGrant(call.deps, { actor: { kind: 'person', id: signed.person.id } }, grantId, signed.form.get('reason')?.trim() || undefined);
  const tr = trOf(call.viewer);
  const message = revoked.ok ? '' : refusalIn(tr, revoked.error, { store: call.deps.store, timezone: signed.person.timezone ?? 'UTC' });
  if (!revoked.ok) return refused(call, tr.t('web.revoke.refused.text', { message }), ERROR_TABLE[revoked.error.code].http, signed.back, tr.t('web.revoke.refused.title'));
  return redirect(signed.back);
}

/** The state-changing routes of the board besides sign-in and sign-out: decisions and grant revocation. */
export const decideRoutes: readonly WebRoute[] = [
  { method: 'POST', pattern: /^\/decide$/, handle: decide },
  { method: 'POST', pattern: /^\/grants\/revoke$/, handle: revokeGrant },
];
