// A loopback Slack Web API for the crash test, speaking the methods the real Slack adapter calls through
// SLACK_API_URL: chat.postMessage (1 per second per channel), chat.update and conversations.history/replies
// (Tier 3: 50 per minute per workspace and method), 429 + Retry-After past a limit. It keeps every message with
// its metadata, and answers a post only 50–250 ms after storing it, like Slack, so a kill can land after Slack
// accepted a post but before LoopX heard the ts. It runs in the bench process and outlives every serve.
import { createServer } from 'node:http';
import { slidingWindow } from './chat-stub.mjs';

const TIER3 = () => slidingWindow(50, 60_000);

/** A form-encoded Web API call's arguments; Block Kit and metadata arrive as JSON strings. */
function readArgs(text) {
  const args = Object.fromEntries(new URLSearchParams(text));
  for (const field of ['blocks', 'metadata']) if (args[field] !== undefined) args[field] = JSON.parse(args[field]);
  return args;
}

/** Starts the stub on 127.0.0.1:0; `token` is the only bot token it accepts. */
export function startSlackStub({ token, postLatencyMs = [50, 250] }) {
  const messages = []; // { channel, ts, thread_ts, text, blocks, metadata }, in post order
  const calls = []; // { at, method, caller, status, ok }
  const limits = { 'chat.postMessage': slidingWindow(1, 1_000), 'chat.update': TIER3(), 'conversations.history': TIER3(), 'conversations.replies': TIER3() };
  let seq = 0;
  const find = (channel, ts) => messages.find((m) => m.channel === channel && m.ts === ts);
  const listed = (list, args) => {
    const start = Number(args.cursor ?? 0);
    const limit = Number(args.limit ?? 100);
    const matching = list.filter((m) => Number(m.ts) > Number(args.oldest ?? 0));
    const shown = matching.slice(start, start + limit).map(({ channel, metadata, ...m }) => (args.include_all_metadata === 'true' ? { ...m, metadata } : m));
    const more = start + limit < matching.length;
    return { ok: true, messages: shown, has_more: more, response_metadata: { next_cursor: more ? String(start + limit) : '' } };
  };

  const methods = {
    'chat.postMessage': (args) => {
      const ts = `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;
      messages.push({ channel: args.channel, ts, thread_ts: args.thread_ts, text: args.text, blocks: args.blocks, metadata: args.metadata });
      const [min, max] = postLatencyMs;
      return { body: { ok: true, channel: args.channel, ts }, delayMs: min + Math.random() * (max - min) };
    },
    'chat.update': (args) => {
      const message = find(args.channel, args.ts);
      if (!message) return { body: { ok: false, error: 'message_not_found' } };
      Object.assign(message, { text: args.text, blocks: args.blocks });
      return { body: { ok: true, channel: args.channel, ts: args.ts } };
    },
    'conversations.history': (args) => {
      const top = messages.filter((m) => m.channel === args.channel && m.thread_ts === undefined).reverse();
      return { body: listed(top, args) };
    },
    'conversations.replies': (args) => {
      const thread = messages.filter((m) => m.channel === args.channel && (m.ts === args.ts || m.thread_ts === args.ts));
      return { body: listed(thread, args) };
    },
  };

  function answer(method, args, headers) {
    if (headers.authorization !== `Bearer ${token}`) return { body: { ok: false, error: 'invalid_auth' } };
    if (!methods[method]) return { body: { ok: false, error: 'unknown_method' } };
    const waitMs = limits[method](method === 'chat.postMessage' ? args.channel : 'T1', Date.now());
    if (waitMs > 0) return { status: 429, headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) }, body: { ok: false, error: 'ratelimited' } };
    return methods[method](args);
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      // `/api/<method>`, or `/<caller>/api/<method>` when several servers share the stub and a test tells them apart.
      const [, caller = null, method = ''] = /^\/(?:([\w-]+)\/)?api\/([^?]*)/.exec(request.url ?? '') ?? [];
      const result = answer(method, readArgs(Buffer.concat(chunks).toString('utf8')), request.headers);
      calls.push({ at: Date.now(), method, caller, status: result.status ?? 200, ok: result.body.ok });
      setTimeout(() => {
        response.writeHead(result.status ?? 200, { 'content-type': 'application/json', ...result.headers });
        response.end(JSON.stringify(result.body));
      }, result.delayMs ?? 0);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const close = () => new Promise((r) => server.close(() => r()));
      resolve({ apiUrl: `http://127.0.0.1:${server.address().port}/api/`, messages, calls, close });
    });
  });
}
