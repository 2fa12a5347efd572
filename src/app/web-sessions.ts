import { randomBytes } from 'node:crypto';
import type { Person } from '../kernel/entities.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import { findPerson } from '../store/people.js';
import { consumeLoginToken, endSession, findLiveSession, insertLoginToken, insertSession } from '../store/web-sessions.js';
import { hashToken } from './agents.js';
import type { AppDeps } from './deps.js';
import { requirePerson } from './lookup.js';
import { must, runWrite, type WriteOrigin } from './write.js';

/** How long login links and sessions live. */
export interface WebSessionPolicy {
  readonly loginLinkMinutes: number;
  readonly sessionHours: number;
}

/** A fresh one-time login link secret (shown once; only its hash is stored). */
export interface LoginLink {
  readonly token: string;
  readonly personId: string;
  readonly expiresAt: string;
}

/** A fresh browser session (the cookie value is shown once; only its hash is stored). */
export interface WebSession {
  readonly token: string;
  readonly person: Person;
  readonly expiresAt: string;
}

function plusMinutes(now: Date, minutes: number): string {
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}

/** Issues a one-time login link for a person (`loopx web login <person>`). */
export function issueLoginLink(deps: AppDeps, origin: WriteOrigin, personId: string, policy: WebSessionPolicy): Result<LoginLink, KernelError> {
  const token = `lpxl_${randomBytes(24).toString('base64url')}`;
  // Never idempotent: a retry must mint a new link, not reveal an old one.
  return runWrite(deps, { ...origin, idempotencyKey: null, command: 'web.login_link', request: { personId } }, (ctx) => {
    must(requirePerson(ctx.store, personId));
    const expiresAt = plusMinutes(ctx.now, policy.loginLinkMinutes);
    insertLoginToken(ctx.store, hashToken(token), personId, ctx.at, expiresAt);
    ctx.event({ goalId: null, type: 'web.login_link_issued', payload: { person_id: personId, expires_at: expiresAt } });
    return ok({ token, personId, expiresAt });
  });
}

/** Redeems a login link once, starting a session; an unknown, used or expired link is refused. */
export function redeemLoginLink(deps: AppDeps, loginToken: string, policy: WebSessionPolicy): Result<WebSession, KernelError> {
  const sessionToken = `lpxs_${randomBytes(32).toString('base64url')}`;
  return runWrite(deps, { actor: { kind: 'system', id: 'web' }, command: 'web.session_start', request: null }, (ctx) => {
    const personId = consumeLoginToken(ctx.store, hashToken(loginToken), ctx.at);
    if (personId === null) return fail('login_link_invalid', 'This login link is unknown, already used or expired; run `loopx web login <person>` for a new one.');
    const expiresAt = plusMinutes(ctx.now, policy.sessionHours * 60);
    insertSession(ctx.store, hashToken(sessionToken), personId, ctx.at, expiresAt);
    ctx.event({ goalId: null, type: 'web.session_started', payload: { person_id: personId, expires_at: expiresAt } });
    return ok({ token: sessionToken, person: must(requirePerson(ctx.store, personId)), expiresAt });
  });
}

/** The person behind a session cookie, or null when it is missing, unknown, ended or expired. */
export function personForSession(deps: AppDeps, sessionToken: string | null): Person | null {
  if (!sessionToken) return null;
  const live = findLiveSession(deps.store, hashToken(sessionToken), deps.clock.now().toISOString());
  return live ? (findPerson(deps.store, live.personId) ?? null) : null;
}

/** Ends a session (sign out); ending an unknown or ended session changes nothing. */
export function endWebSession(deps: AppDeps, sessionToken: string): Result<{ ended: boolean }, KernelError> {
  return runWrite(deps, { actor: { kind: 'system', id: 'web' }, command: 'web.session_end', request: null }, (ctx) => {
    const personId = endSession(ctx.store, hashToken(sessionToken), ctx.at);
    if (personId !== null) ctx.event({ goalId: null, type: 'web.session_ended', payload: { person_id: personId } });
    return ok({ ended: personId !== null });
  });
}
