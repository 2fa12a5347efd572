import { z } from 'zod';
import { fail, type KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import { ledgerHead } from '../../store/change-feed.js';
import { writeCursor } from '../../store/outbox.js';
import { anyWake, deleteWake, findWake, listWakeEvents, upsertWake, type WakeEventTable } from '../../store/wakes.js';
import type { AppDeps } from '../deps.js';
import { requireAgent } from '../lookup.js';
import { must, runWrite, type WriteOrigin } from '../write.js';
import { newWebhookSecret } from './standard-webhooks.js';
import { postWake, type FetchLike } from './wake-delivery.js';
import { WAKE_CURSOR, wakeBody } from './wake-source.js';
import type { WakeWire } from '../../contract/wake-wire.js';

/** A wake URL: http(s) only, no credentials in it (the signature proves the sender, not the URL). */
const WakeUrl = z.url({ protocol: /^https?$/, error: 'give an http(s) URL, e.g. http://127.0.0.1:7070/wake' }).max(2048);

function wakeUrlProblem(url: string): string | null {
  const parsed = WakeUrl.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'invalid URL';
  const { username, password } = new URL(parsed.data);
  return username === '' && password === '' ? null : 'a wake URL carries no user name or password';
}

/** An agent's wake registration as the agent and the operator see it; the secret only right after `set`. */
export interface WakeView {
  readonly agentId: string;
  readonly url: string;
  /** Shown once, when set: LoopX signs every wake with it (Standard Webhooks). */
  readonly secret: string | null;
  readonly pending: number;
  readonly lastError: string | null;
  readonly recent: readonly WakeEventTable[];
}

function viewOf(deps: AppDeps, agentId: string, secret: string | null): WakeView | null {
  const wake = findWake(deps.store, agentId);
  if (!wake) return null;
  const recent = listWakeEvents(deps.store, agentId, 10);
  return { agentId, url: wake.url, secret, pending: recent.filter((e) => e.state === 'pending').length, lastError: recent.find((e) => e.last_error !== null)?.last_error ?? null, recent };
}

function requireSelfOrOperator(origin: WriteOrigin, agentId: string): Result<true, KernelError> {
  if (origin.actor.kind === 'agent' && origin.actor.id !== agentId) return fail('forbidden', 'An agent sets only its own wake URL.');
  return ok(true);
}

/**
 * Sets where an agent is woken and gives it a new signing secret, shown once (a retry gets a newer one, so the
 * request is not idempotent-by-key: like a token, the secret is never stored in a replayable answer).
 */
export function setWake(deps: AppDeps, origin: WriteOrigin, agentId: string, url: string): Result<WakeView, KernelError> {
  const secret = newWebhookSecret();
  return runWrite(deps, { ...origin, idempotencyKey: null, command: 'agent.wake_set', request: { agentId, url } }, (ctx) => {
    must(requireSelfOrOperator(origin, agentId));
    must(requireAgent(ctx.store, agentId));
    const problem = wakeUrlProblem(url);
    if (problem !== null) return fail('invalid_request', `The wake URL is not usable: ${problem}.`, { field: 'url' });
    // The first wake URL anywhere starts the wake source at the present: nothing from before is sent.
    if (!anyWake(ctx.store)) writeCursor(ctx.store, WAKE_CURSOR, ledgerHead(ctx.store));
    upsertWake(ctx.store, { agent_id: agentId, url, secret, created_at: ctx.at, updated_at: ctx.at });
    ctx.event({ goalId: null, type: 'agent.wake_set', payload: { agent_id: agentId, host: new URL(url).host } });
    return ok(must(viewOrMissing(deps, agentId, secret)));
  });
}

function viewOrMissing(deps: AppDeps, agentId: string, secret: string | null): Result<WakeView, KernelError> {
  const view = viewOf(deps, agentId, secret);
  return view ? ok(view) : fail('not_found', `Agent ${agentId} has no wake URL; set one with \`loopx agent wake set ${agentId} --url <url>\`.`);
}

/** Stops waking an agent; events still queued for it are dropped. */
export function clearWake(deps: AppDeps, origin: WriteOrigin, agentId: string): Result<{ removed: boolean }, KernelError> {
  return runWrite(deps, { ...origin, command: 'agent.wake_clear', request: { agentId } }, (ctx) => {
    must(requireSelfOrOperator(origin, agentId));
    must(requireAgent(ctx.store, agentId));
    const removed = deleteWake(ctx.store, agentId);
    if (removed) ctx.event({ goalId: null, type: 'agent.wake_cleared', payload: { agent_id: agentId } });
    return ok({ removed });
  });
}

/** The agent's wake registration and its recent events (no secret). */
export function showWake(deps: AppDeps, agentId: string): Result<WakeView, KernelError> {
  const agent = requireAgent(deps.store, agentId);
  return agent.ok ? viewOrMissing(deps, agentId, null) : agent;
}

/** The wire shape of a wake registration. */
export function wakeToWire(view: WakeView): WakeWire {
  const recent = view.recent.map((e) => ({ id: e.id, type: e.type, state: e.state, attempts: e.attempts, created_at: e.created_at, last_error: e.last_error }));
  return { agent_id: view.agentId, url: view.url, ...(view.secret !== null ? { secret: view.secret } : {}), pending: view.pending, last_error: view.lastError, recent };
}

/** What a test wake came to. */
export interface WakeTestResult {
  readonly url: string;
  readonly status: number;
  readonly ms: number;
}

/**
 * Sends a signed `wake.test` event to the agent's URL now, outside the queue, and says what the receiver answered:
 * the quickest way to check a receiver and its signature check.
 */
export async function testWake(deps: AppDeps, agentId: string, fetchImpl: FetchLike = fetch): Promise<Result<WakeTestResult, KernelError>> {
  const agent = requireAgent(deps.store, agentId);
  if (!agent.ok) return agent;
  const wake = findWake(deps.store, agentId);
  if (!wake) return fail('not_found', `Agent ${agentId} has no wake URL; set one with \`loopx agent wake set ${agentId} --url <url>\`.`);
  const now = deps.clock.now();
  const id = `wk_test_${now.getTime()}`;
  const attempt = await postWake(fetchImpl, wake.url, wake.secret, id, wakeBody({ type: 'wake.test', data: { agent_id: agentId } }, now.toISOString()), now);
  if (!attempt.ok) return fail('wake_unreachable', `The wake to ${wake.url} failed: ${attempt.error}. Check that the receiver runs and answers 2xx.`, { url: wake.url, status: attempt.status });
  return ok({ url: wake.url, status: attempt.status ?? 0, ms: attempt.ms });
}
