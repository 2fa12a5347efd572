import { App, LogLevel, webApi, type Logger as BoltLogger, type Receiver, type ReceiverEvent } from '@slack/bolt';
import type { Logger } from '../../src/app/deps.js';

// The only file that imports the Slack SDK at run time (Bolt, and the Web API client it re-exports).

/** The Slack Web API client. */
export type SlackWebClient = webApi.WebClient;

/** A Bolt app, for registering listeners. */
export type SlackApp = App;

/** A call that has not answered after this long failed (and is retried): it never outlives an outbox claim. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * A Web API client for the bot token. Its own retries and rate-limit waits are off: the projection engine
 * owns retries and Retry-After, so one stuck call can never block the sender for 30 minutes.
 */
export function createSlackWebClient(botToken: string, apiUrl?: string): SlackWebClient {
  return new webApi.WebClient(botToken, {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    timeout: CALL_TIMEOUT_MS,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: LogLevel.ERROR,
  });
}

/** Why a Web API call failed, in the terms the surface needs. */
export type SlackCallFailure =
  | { readonly kind: 'rate_limited'; readonly retryAfterMs: number }
  | { readonly kind: 'platform'; readonly error: string }
  | { readonly kind: 'transport'; readonly message: string };

/** Classifies an error thrown by a Web API call. */
export function classifySlackError(error: unknown): SlackCallFailure {
  if (error instanceof webApi.WebAPIRateLimitedError) return { kind: 'rate_limited', retryAfterMs: Math.max(1, error.retryAfter) * 1000 };
  if (error instanceof webApi.WebAPIPlatformError) return { kind: 'platform', error: error.data.error };
  return { kind: 'transport', message: error instanceof Error ? error.message : String(error) };
}

function boltLogger(logger: Logger): BoltLogger {
  let level = LogLevel.WARN;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: (...args: unknown[]) => logger.warn({ source: 'bolt', detail: args.map(String).join(' ') }, 'slack'),
    error: (...args: unknown[]) => logger.error({ source: 'bolt', detail: args.map(String).join(' ') }, 'slack'),
    setLevel: (next: LogLevel) => void (level = next),
    getLevel: () => level,
    setName: () => undefined,
  };
}

/** A receiver that takes payloads from our own HTTP server (after our signature check) instead of listening itself. */
class MountedReceiver implements Receiver {
  private app: App | undefined;
  init(app: App): void {
    this.app = app;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  dispatch(event: ReceiverEvent): Promise<void> {
    if (!this.app) throw new Error('Slack app not initialised');
    return this.app.processEvent(event);
  }
}

/** How the Bolt app receives payloads: from our HTTP server, or over Socket Mode with an app-level token. */
export type SlackInbound = { readonly mode: 'http' } | { readonly mode: 'socket'; readonly appToken: string };

/** A Bolt app and how to feed it. */
export interface SlackBolt {
  readonly app: SlackApp;
  /** Hands a verified HTTP payload to Bolt (HTTP mode only). */
  dispatch(event: ReceiverEvent): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the Bolt app for one workspace's bot token; no auth.test is needed at start (we authorise ourselves). */
export function createSlackBolt(options: { botToken: string; apiUrl?: string | undefined; inbound: SlackInbound; logger: Logger }): SlackBolt {
  const receiver = options.inbound.mode === 'http' ? new MountedReceiver() : undefined;
  const app = new App({
    ...(receiver ? { receiver } : { socketMode: true, appToken: options.inbound.mode === 'socket' ? options.inbound.appToken : '' }),
    authorize: async () => ({ botToken: options.botToken }),
    clientOptions: { ...(options.apiUrl ? { slackApiUrl: options.apiUrl } : {}), retryConfig: { retries: 0 }, rejectRateLimitedCalls: true },
    logger: boltLogger(options.logger),
  });
  return {
    app,
    dispatch: (event) => (receiver ? receiver.dispatch(event) : Promise.reject(new Error('Slack is in Socket Mode; HTTP payloads are not accepted'))),
    start: async () => {
      if (!receiver) await app.start();
    },
    stop: async () => {
      if (!receiver) await app.stop();
    },
  };
}

/** What `auth.test` says about the bot token (for `loopx doctor`). */
export interface SlackAuthCheck {
  readonly ok: boolean;
  readonly team?: string;
  readonly user?: string;
  readonly scopes: readonly string[];
  readonly error?: string;
}

/** Calls auth.test and reads the granted scopes from the response header. */
export async function checkSlackAuth(client: SlackWebClient): Promise<SlackAuthCheck> {
  try {
    const result = await client.auth.test();
    const scopes = String(result.response_metadata?.scopes ?? '').split(',').filter((s) => s !== '');
    return { ok: true, team: String(result.team ?? ''), user: String(result.user ?? ''), scopes };
  } catch (error) {
    const failure = classifySlackError(error);
    return { ok: false, scopes: [], error: failure.kind === 'platform' ? failure.error : failure.kind === 'transport' ? failure.message : 'rate limited' };
  }
}
