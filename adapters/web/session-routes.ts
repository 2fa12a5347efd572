import { endWebSession, redeemLoginLink } from '../../src/app/web-sessions.js';
import { ERROR_TABLE } from '../../src/kernel/errors.js';
import { clearedSessionCookie, isCrossSite, isCsrfValid, sessionCookie } from './auth.js';
import { noticePage, pageResponse } from './layout.js';
import { loginPage } from './pages/login.js';
import { readForm, redirect, type WebCall, type WebRoute } from './routes.js';

function signIn(call: WebCall) {
  // Login CSRF: another site must not sign this browser in (as someone else) by posting a link token it holds.
  if (isCrossSite(call.request.headers)) {
    return pageResponse(noticePage('Sign-in refused', 'This sign-in was sent from another site; open your login link directly.', 'error'), call.viewer, 403);
  }
  const token = readForm(call.request)?.get('token') ?? null;
  if (!token) return pageResponse(noticePage('Sign-in failed', 'The sign-in form was empty; open the login link again.', 'error'), call.viewer, 422);
  const session = redeemLoginLink(call.deps, token, call.options.sessionPolicy);
  if (!session.ok) return pageResponse(noticePage('Sign-in failed', session.error.message, 'error'), call.viewer, ERROR_TABLE[session.error.code].http);
  const maxAge = (Date.parse(session.value.expiresAt) - call.deps.clock.now().getTime()) / 1000;
  return redirect('/', { 'set-cookie': sessionCookie(session.value.token, maxAge, call.options.secureCookies) });
}

function signOut(call: WebCall) {
  const form = readForm(call.request);
  if (!isCsrfValid(call.viewer, form?.get('csrf') ?? null, call.request.headers) || call.viewer.sessionToken === null) {
    return pageResponse(noticePage('Not signed out', 'This form was not sent from your LoopX board page (or your session ended); reload the page and try again.', 'error'), call.viewer, 403);
  }
  endWebSession(call.deps, call.viewer.sessionToken);
  return redirect('/', { 'set-cookie': clearedSessionCookie() });
}

/** Sign-in with a one-time link and sign-out. */
export const sessionRoutes: readonly WebRoute[] = [
  { method: 'GET', pattern: /^\/login$/, open: true, handle: (call) => pageResponse(loginPage(call.request.query.get('token') ?? ''), call.viewer) },
  { method: 'POST', pattern: /^\/login$/, open: true, handle: signIn },
  { method: 'POST', pattern: /^\/logout$/, handle: signOut },
];
