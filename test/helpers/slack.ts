import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServerApi } from 'msw/node';
import { createSlackAdapter, type SlackAdapter } from '../../adapters/slack/index.js';
import { slackSignature } from '../../adapters/slack/verify.js';
import type { AppDeps } from '../../src/app/deps.js';
import { startChatHarness, type ChatHarness } from './chat-harness.js';
import type { SteppedClock } from './clock.js';

/** Where the tests' Slack Web API lives (SLACK_API_URL). */
export const SLACK_API = 'https://slack.test/api/';
export const SIGNING_SECRET = 'test-signing-secret';
export const TEAM = 'T0TEAM';

/** One Web API call the fake Slack received. */
export interface SlackCall {
  readonly method: string;
  readonly args: Record<string, string>;
  /** The test clock's time of the call. */
  readonly at: number;
  /** Set when the fake answered 429 with this Retry-After (seconds). */
  readonly retryAfter?: number;
}

/** A posted message as conversations.history / conversations.replies list it. */
interface PostedMessage {
  readonly channel: string;
  readonly ts: string;
  readonly thread_ts?: string;
  readonly metadata?: unknown;
}

/**
 * A fake Slack Web API behind msw: records calls, keeps messages (listed with their metadata by
 * conversations.history and .replies), can answer 429 with Retry-After, and can lose posts.
 */
export interface FakeSlack {
  readonly calls: SlackCall[];
  /** Current blocks of every message, by `channel/ts`. */
  readonly messages: Map<string, unknown[]>;
  /** Current notification text of every message, by `channel/ts`. */
  readonly texts: Map<string, string>;
  /** Answers the next `count` chat calls with 429 and this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /**
   * Makes the next chat.postMessage fail at the network: `after-accept` stores the message first (Slack
   * accepted it, the answer was lost: a crash or timeout), `before-accept` drops it.
   */
  losePostNext(when: 'after-accept' | 'before-accept'): void;
  /** Answers the next call of `method` with `{ ok: false, error }`. */
  failNext(method: string, error: string): void;
  byMethod(method: string): SlackCall[];
  close(): void;
}

/** Starts msw before any Slack client exists (clients capture fetch when they are built). */
export function startFakeSlack(clock: SteppedClock, options: { scopes?: string } = {}): FakeSlack {
  const calls: SlackCall[] = [];
  const messages = new Map<string, unknown[]>();
  const texts = new Map<string, string>();
  const posted: PostedMessage[] = [];
  let limited = { count: 0, retryAfter: 0 };
  let lose: 'after-accept' | 'before-accept' | null = null;
  let ts = 1_000;
  const failures = new Map<string, string>();
  // Like Slack, metadata is listed only on request.
  const listed = (messages: PostedMessage[], args: Record<string, string>) =>
    HttpResponse.json({ ok: true, has_more: false, messages: messages.map(({ channel: _channel, metadata, ...m }) => (args.include_all_metadata === 'true' ? { ...m, metadata } : m)) });
  const handler = http.post(`${SLACK_API}:method`, async ({ request, params }) => {
    const method = String(params.method);
    const args = Object.fromEntries(new URLSearchParams(await request.text()));
    const at = clock.now().getTime();
    if (method.startsWith('chat.') && limited.count > 0) {
      calls.push({ method, args, at, retryAfter: limited.retryAfter });
      limited = { ...limited, count: limited.count - 1 };
      return HttpResponse.json({ ok: false, error: 'ratelimited' }, { status: 429, headers: { 'retry-after': String(limited.retryAfter) } });
    }
    calls.push({ method, args, at });
    const failure = failures.get(method);
    if (failure !== undefined) {
      failures.delete(method);
      return HttpResponse.json({ ok: false, error: failure });
    }
    if (method === 'chat.postMessage') {
      const lost = lose;
      lose = null;
      if (lost === 'before-accept') return HttpResponse.error();
      ts += 1;
      messages.set(`${args.channel}/${ts}.000100`, JSON.parse(args.blocks ?? '[]'));
      texts.set(`${args.channel}/${ts}.000100`, args.text ?? '');
      posted.push({ channel: args.channel ?? '', ts: `${ts}.000100`, ...(args.thread_ts ? { thread_ts: args.thread_ts } : {}), ...(args.metadata ? { metadata: JSON.parse(args.metadata) } : {}) });
      return lost ? HttpResponse.error() : HttpResponse.json({ ok: true, channel: args.channel, ts: `${ts}.000100` });
    }
    if (method === 'conversations.history') return listed(posted.filter((m) => m.channel === args.channel && m.thread_ts === undefined).reverse(), args);
    if (method === 'conversations.replies') return listed(posted.filter((m) => m.channel === args.channel && (m.ts === args.ts || m.thread_ts === args.ts)), args);
    if (method === 'chat.update') {
      const key = `${args.channel}/${args.ts}`;
      if (!messages.has(key)) return HttpResponse.json({ ok: false, error: 'message_not_found' });
      messages.set(key, JSON.parse(args.blocks ?? '[]'));
      texts.set(key, args.text ?? '');
      return HttpResponse.json({ ok: true, channel: args.channel, ts: args.ts });
    }
    // The app's direct-message channel with a user: `D` + the user id, the same every time.
    if (method === 'conversations.open') return HttpResponse.json({ ok: true, channel: { id: `D${args.users}` } });
    if (method === 'conversations.info') return HttpResponse.json({ ok: true, channel: { id: args.channel, name: 'launch', is_member: args.channel !== 'C0OUTSIDE' } });
    if (method === 'auth.test') return HttpResponse.json({ ok: true, team: 'Test', user: 'loopx', team_id: TEAM }, { headers: { 'x-oauth-scopes': options.scopes ?? 'chat:write,commands,channels:history,groups:history,im:write' } });
    return HttpResponse.json({ ok: true });
  });
  // An interaction's response_url (one per clicker in `blockAction`): recorded as method `response_url`.
  const responses = http.post('https://hooks.slack.test/actions/:user', async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ method: 'response_url', args: { user: String(params.user), ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }, at: clock.now().getTime() });
    return HttpResponse.text('ok');
  });
  const server: SetupServerApi = setupServer(handler, responses);
  server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === '127.0.0.1' ? undefined : print.error()) });
  return {
    calls,
    messages,
    texts,
    rateLimitNext: (count, retryAfterSeconds) => void (limited = { count, retryAfter: retryAfterSeconds }),
    losePostNext: (when) => void (lose = when),
    failNext: (method, error) => void failures.set(method, error),
    byMethod: (method) => calls.filter((c) => c.method === method),
    close: () => server.close(),
  };
}

/** The real server with the Slack adapter mounted, and the projection engine driving the Slack surface. */
export interface SlackHarness extends ChatHarness {
  readonly adapter: SlackAdapter;
}

/** Starts the server on port 0 with Slack in HTTP mode. */
export async function startSlackHarness(deps: AppDeps, clock: SteppedClock): Promise<SlackHarness> {
  const adapter = createSlackAdapter(deps, { botToken: 'xoxb-test', signingSecret: SIGNING_SECRET, apiUrl: SLACK_API });
  const harness = await startChatHarness(deps, clock, { surface: adapter.surface, mounts: adapter.mounts, idle: () => adapter.idle() });
  return { ...harness, adapter };
}

/** Posts a correctly signed Slack request (form body) at the clock's time, or with `signedAt`/`secret` overrides. */
export async function postSlack(base: string, form: Record<string, string>, clock: SteppedClock, options: { signedAt?: number; secret?: string } = {}): Promise<{ status: number; text: string }> {
  const body = new URLSearchParams(form).toString();
  const timestamp = options.signedAt ?? Math.floor(clock.now().getTime() / 1000);
  const response = await fetch(`${base}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(options.secret ?? SIGNING_SECRET, timestamp, body),
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** Posts a correctly signed Events API callback (JSON body) carrying `event`. */
export async function postSlackEvent(base: string, event: Record<string, unknown>, clock: SteppedClock, eventId = `Ev${Math.random().toString(36).slice(2)}`): Promise<{ status: number; text: string }> {
  const body = JSON.stringify({ token: 'legacy', team_id: TEAM, api_app_id: 'A1', type: 'event_callback', event_id: eventId, event_time: Math.floor(clock.now().getTime() / 1000), event });
  const timestamp = Math.floor(clock.now().getTime() / 1000);
  const response = await fetch(`${base}/slack/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': slackSignature(SIGNING_SECRET, timestamp, body) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** A block_actions payload for a click on a LoopX button. */
export function blockAction(user: string, value: string, options: { channel?: string; ts?: string; actionTs?: string; home?: boolean } = {}): Record<string, string> {
  const choice = (JSON.parse(value) as { choice: string }).choice;
  const payload = {
    type: 'block_actions',
    team: { id: TEAM, domain: 'test' },
    user: { id: user, username: user, team_id: TEAM },
    api_app_id: 'A1',
    token: 'legacy',
    trigger_id: `trigger-${user}`,
    ...(options.home
      ? { container: { type: 'view', view_id: `V${user}` }, view: { id: `V${user}`, type: 'home', blocks: [] } }
      : {
          channel: { id: options.channel ?? 'C0CHANNEL1', name: 'launch' },
          container: { type: 'message', message_ts: options.ts ?? '1001.000100', channel_id: options.channel ?? 'C0CHANNEL1' },
          message: { ts: options.ts ?? '1001.000100', text: '', blocks: [] },
        }),
    response_url: `https://hooks.slack.test/actions/${user}`,
    actions: [{ type: 'button', action_id: `loopx:${choice}:x:1`, block_id: 'b1', value, text: { type: 'plain_text', text: choice }, action_ts: options.actionTs ?? `${Date.now()}.${Math.random()}` }],
  };
  return { payload: JSON.stringify(payload) };
}
