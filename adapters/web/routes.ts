import type { AppDeps } from '../../src/app/deps.js';
import type { WebSessionPolicy } from '../../src/app/web-sessions.js';
import type { HttpRequest, HttpResponse } from '../../src/http/types.js';
import type { Viewer } from './auth.js';
import type { CardNotice } from './render.js';

/** How the board is configured. */
export interface WebBoardOptions {
  /** True when the server is reachable beyond this machine: every page then needs a session (fail closed). */
  readonly requireSession: boolean;
  /** Whether a `Host` header names this board (loopback, LOOPX_PUBLIC_URL, the bound address); others get 421. */
  readonly allowedHost: (host: string | undefined) => boolean;
  readonly sessionPolicy: WebSessionPolicy;
  /** Adds `Secure` to the session cookie (the board is reached over https through LOOPX_PUBLIC_URL). */
  readonly secureCookies: boolean;
}

/** One board request, as a route sees it. */
export interface WebCall {
  readonly deps: AppDeps;
  readonly options: WebBoardOptions;
  readonly request: HttpRequest;
  readonly viewer: Viewer;
  /** Capture groups of the route's pattern. */
  readonly params: readonly string[];
  /** Shown on one card of the page (a refused or to-be-confirmed decision), instead of a separate page. */
  readonly notice?: CardNotice;
}

/** One board route. */
export interface WebRoute {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  /** Reachable without a session even when the board requires one (sign-in, stylesheet, script). */
  readonly open?: boolean;
  handle(call: WebCall): HttpResponse;
}

/** A 303 redirect (after a form post) to a site-relative path. */
export function redirect(location: string, headers: Record<string, string> = {}): HttpResponse {
  return { status: 303, body: '', headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', location, ...headers } };
}

/** Only site-relative paths may be returned to after a form (no open redirects). */
export function safeReturnPath(value: string | null): string {
  return value !== null && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : '/';
}

/** Reads an urlencoded form body; null when the body is not a form. */
export function readForm(request: HttpRequest): URLSearchParams | null {
  const type = String(request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' ? new URLSearchParams(request.body.toString('utf8')) : null;
}
