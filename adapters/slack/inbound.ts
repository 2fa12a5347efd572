import type { Clock, Logger } from '../../src/app/deps.js';
import type { HttpHandler, HttpRequest, HttpResponse } from '../../src/http/types.js';
import type { SlackBolt } from './bolt.js';
import { verifySlackSignature } from './verify.js';

/** Slack shows an error after 3 s; if a listener has not acked by this point we answer 200 ourselves. */
export const ACK_DEADLINE_MS = 2_500;

function problem(status: number, code: string, message: string): HttpResponse {
  return { status, body: { error: { code, message } } };
}

function header(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads a Slack payload: interactivity (`payload=<json>`), a slash command (form fields) or an Events API JSON body. */
export function parseSlackBody(request: HttpRequest): Record<string, unknown> | null {
  const text = request.body.toString('utf8');
  try {
    if ((header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(text);
      const payload = form.get('payload');
      return payload !== null ? (JSON.parse(payload) as Record<string, unknown>) : Object.fromEntries(form);
    }
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function ackResponse(response: unknown): HttpResponse {
  if (response === undefined || response === '') return { status: 200, body: '', headers: { 'content-type': 'text/plain; charset=utf-8' } };
  if (typeof response === 'string') return { status: 200, body: response, headers: { 'content-type': 'text/plain; charset=utf-8' } };
  return { status: 200, body: response };
}

/**
 * The `/slack/events` handler: verifies the signature on the raw body against the injected clock (401 and
 * nothing dispatched otherwise), answers URL verification, then hands the payload to Bolt and answers as
 * soon as the listener acks.
 */
export function createSlackEventsHandler(options: { signingSecret: string; clock: Clock; logger: Logger; bolt: SlackBolt; ackDeadlineMs?: number; track?: (work: Promise<void>) => void }): HttpHandler {
  return async (request) => {
    if (request.method !== 'POST') return problem(405, 'method_not_allowed', 'Slack posts to this URL; nothing else is served here.');
    const verified = verifySlackSignature(
      options.signingSecret,
      { timestamp: header(request, 'x-slack-request-timestamp'), signature: header(request, 'x-slack-signature') },
      request.body,
      options.clock.now().getTime(),
    );
    if (!verified.ok) {
      options.logger.warn({ reason: verified.reason }, 'slack request refused');
      return problem(401, 'unauthenticated', `Slack signature check failed: ${verified.reason}. Check SLACK_SIGNING_SECRET and the server clock.`);
    }
    const body = parseSlackBody(request);
    if (!body) return problem(400, 'invalid_json', 'The Slack payload could not be parsed.');
    if (body.type === 'url_verification') return { status: 200, body: { challenge: body.challenge } };
    return new Promise<HttpResponse>((resolve) => {
      const timer = setTimeout(() => resolve(ackResponse(undefined)), options.ackDeadlineMs ?? ACK_DEADLINE_MS);
      timer.unref();
      const retryNum = Number(header(request, 'x-slack-retry-num') ?? NaN);
      const retryReason = header(request, 'x-slack-retry-reason');
      const work = options.bolt
        .dispatch({
          body,
          ack: async (response?: unknown) => {
            clearTimeout(timer);
            resolve(ackResponse(response));
          },
          ...(Number.isInteger(retryNum) ? { retryNum } : {}),
          ...(retryReason ? { retryReason } : {}),
        })
        .catch((error: unknown) => options.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'slack listener failed'))
        .finally(() => {
          clearTimeout(timer);
          resolve(ackResponse(undefined));
        });
      options.track?.(work);
    });
  };
}
