import { endWebSession, redeemLoginLink } from '../../src/app/web-sessions.js';
import { refusalIn } from '../../src/app/chat/refusal.js';
import { ERROR_TABLE } from '../../src/kernel/errors.js';
import { clearedSessionCookie, isCrossSite, isCsrfValid, sessionCookie } from './auth.js';
import { noticePage, pageResponse } from './layout.js';
import { loginPage } from './pages/login.js';
import { readForm, redirect, type WebCall, type WebRoute } from './routes.js';
import { trOf } from './words.js';

function signIn(call: WebCall) {
  const tr = trOf(call.viewer);
  // Login CSRF: another site must not sign this browser in (as someone else) by posting a link token it holds.
  if (isCrossSite(call.request.headers)) {
    return pageResponse(noticePage(tr, tr.t('web.signIn.refused.title'), tr.t('web.signIn.refused.text'), 'error'), call.viewer, 403);
  }
  const token = readForm(call.request)?.get('token') ?? null;
  if (!token) return pageResponse(noticePage(tr, tr.t('web.signIn.failed.title'), tr.t('web.signIn.failed.empty'), 'error'), call.viewer, 422);
  const session = redeemLoginLink(call.deps, token, call.options.sessionPolicy);
  if (!session.ok) {
    const message = session.error.code === 'login_link_invalid' ? tr.t('web.signIn.failed.link') : refusalIn(tr, session.error, { store: call.deps.store, timezone: 'UTC' });
    return pageResponse(noticePage(tr, tr.t('web.signIn.failed.title'), message, 'error'), call.viewer, ERROR_TABLE[session.error.code].http);
  }
  const maxAge = (Date.parse(session.value.expiresAt) - call.deps.clock.now().getTime()) / 1000;
  return redirect('/', { 'set-cookie': sessionCookie(session.value.token, maxAge, call.options.secureCookies) });
}

function signOut(call: WebCall) {
  const form = readForm(call.request);
  const tr = trOf(call.viewer);
  if (!isCsrfValid(call.viewer, form?.get('csrf') ?? null, call.request.headers) || call.viewer.sessionToken === null) {
    return pageResponse(noticePage(tr, tr.t('web.signOut.refused.title'), tr.t('web.signOut.refused.text'), 'error'), call.viewer, 403);
  }
  endWebSession(call.deps, call.viewer.sessionToken);
  return redirect('/', { 'set-cookie': clearedSessionCookie() });
}

/** Sign-in with a one-time link and sign-out. */
export const sessionRoutes: readonly WebRoute[] = [
  { method: 'GET', pattern: /^\/login$/, open: true, handle: (call) => pageResponse(loginPage(trOf(call.viewer), call.request.query.get('token') ?? ''), call.viewer) },
  { method: 'POST', pattern: /^\/login$/, open: true, handle: signIn },
  { method: 'POST', pattern: /^\/logout$/, handle: signOut },
];
