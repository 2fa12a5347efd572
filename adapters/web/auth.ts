import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../src/app/deps.js';
import { personForSession } from '../../src/app/web-sessions.js';
import type { HttpRequest } from '../../src/http/types.js';
import type { Person } from '../../src/kernel/entities.js';
import { localeFromAcceptLanguage, type Locale } from '../../src/kernel/locale.js';

type IncomingHttpHeaders = HttpRequest['headers'];

/** The session cookie's name. */
export const SESSION_COOKIE = 'loopx_session';

/** Who is looking at a page: a signed-in person (with the CSRF token for their forms) or an anonymous reader. */
export interface Viewer {
  readonly person: Person | null;
  readonly sessionToken: string | null;
  readonly csrfToken: string | null;
  /** The language the page's cards are drawn in: the signed-in person's, else the browser's Accept-Language. */
  readonly locale: Locale;
}

/** Reads one cookie from the Cookie header. */
export function readCookie(headers: IncomingHttpHeaders, name: string): string | null {
  const header = headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

/**
 * The CSRF token of a session: an HMAC keyed by the session secret. Another site can make the browser send
 * the cookie but cannot read it, so it cannot compute this value; nothing extra is stored.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('loopx-web-csrf').digest('base64url');
}

/** Resolves the viewer from the session cookie (an unknown, ended or expired session is anonymous). */
export function viewerOf(deps: AppDeps, headers: IncomingHttpHeaders): Viewer {
  const token = readCookie(headers, SESSION_COOKIE);
  const person = personForSession(deps, token);
  const browser = localeFromAcceptLanguage(headers['accept-language']);
  if (!person || !token) return { person: null, sessionToken: null, csrfToken: null, locale: browser };
  return { person, sessionToken: token, csrfToken: csrfTokenFor(token), locale: person.locale ?? browser };
}

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A cross-site request announced by the browser (Sec-Fetch-Site / Origin); absent headers are not proof either way. */
export function isCrossSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  const host = headers.host;
  if (origin === undefined || origin === 'null' || host === undefined) return origin === 'null';
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** A state-changing form is accepted only with the session's CSRF token and from this site. */
export function isCsrfValid(viewer: Viewer, submitted: string | null, headers: IncomingHttpHeaders): boolean {
  if (viewer.csrfToken === null || submitted === null) return false;
  return sameValue(viewer.csrfToken, submitted) && !isCrossSite(headers);
}

/** The Set-Cookie value for a new session: http-only, same-site strict, lives as long as the session. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
