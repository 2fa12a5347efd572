// A loopback stand-in for the Slack and Lark Web APIs that enforces their published rate limits
// (perf-reliability §1.4) and answers 429 with Retry-After, recording every call for the projection benchmark.
//   Slack chat.postMessage: 1 per second per channel.  chat.update: Tier 3, 50 per minute per workspace.
//   Lark post: 5 per second per chat.  Lark PATCH: 5 per second per message; 50/s and 1000/min per app.
import { createServer } from 'node:http';

/** A sliding-window limit: at most `max` calls in any `windowMs`; answers how long until the next is allowed. */
export function slidingWindow(max, windowMs) {
  const calls = new Map();
  return (key, now) => {
    const recent = (calls.get(key) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= max) {
      calls.set(key, recent);
      return recent[0] + windowMs - now;
    }
    recent.push(now);
    calls.set(key, recent);
    return 0;
  };
}

const LIMITS = {
  slackPost: slidingWindow(1, 1_000),
  slackUpdate: slidingWindow(50, 60_000),
  larkChat: slidingWindow(5, 1_000),
  larkMessage: slidingWindow(5, 1_000),
  larkAppSecond: slidingWindow(50, 1_000),
  larkAppMinute: slidingWindow(1_000, 60_000),
};

/** Starts the stub on 127.0.0.1:0; resolves with its URL, its call log, the cards it shows, and close(). */
export function startChatStub() {
  const calls = [];
  const cards = new Map(); // `${surface}|${messageId}` -> { key, destination, card, at }
  const retryUntil = new Map(); // limit key -> time before which any call is "early"
  const stats = { calls: 0, ok: 0, rateLimited: 0, early: 0 };
  let nextId = 1;

  function limited(limitKeys, now) {
    for (const [limit, key] of limitKeys) {
      if ((retryUntil.get(key) ?? 0) > now) stats.early += 1;
    }
    for (const [limit, key] of limitKeys) {
      const waitMs = LIMITS[limit](key, now);
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        retryUntil.set(key, now + seconds * 1000);
        return seconds;
      }
    }
    return 0;
  }

  function handle(path, body, now) {
    const [, surface, method] = path.split('/');
    const messageId = method === 'update' ? body.message_id : `${surface}-${nextId++}`;
    const limitKeys =
      surface === 'slack'
        ? method === 'post' ? [['slackPost', `slack:post:${body.destination}`]] : [['slackUpdate', 'slack:update:T1']]
        : [
            method === 'post' ? ['larkChat', `lark:chat:${body.destination}`] : ['larkMessage', `lark:msg:${messageId}`],
            ['larkAppSecond', 'lark:app:s'],
            ['larkAppMinute', 'lark:app:m'],
          ];
    const retryAfter = limited(limitKeys, now);
    calls.push({ at: now, surface, method, key: body.card?.key, status: retryAfter ? 429 : 200 });
    if (retryAfter) {
      stats.rateLimited += 1;
      return { status: 429, headers: { 'retry-after': String(retryAfter), 'x-ogw-ratelimit-reset': String(retryAfter) }, body: { ok: false, error: 'ratelimited' } };
    }
    if (method === 'update' && !cards.has(`${surface}|${messageId}`)) return { status: 404, headers: {}, body: { ok: false, error: 'message_not_found' } };
    stats.ok += 1;
    cards.set(`${surface}|${messageId}`, { key: body.card.key, destination: body.destination, card: body.card, at: now });
    return { status: 200, headers: {}, body: { ok: true, message_id: messageId } };
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      stats.calls += 1;
      const answer = handle(request.url ?? '/', JSON.parse(Buffer.concat(chunks).toString('utf8')), Date.now());
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, calls, cards, stats, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/** A ChatSurface (src/app/surface.ts) that sends the neutral card to the stub and maps 429 to rate_limited. */
export function stubSurface(name, stubUrl) {
  async function call(method, payload) {
    try {
      const response = await fetch(`${stubUrl}/${name}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      const body = await response.json();
      if (response.status === 429) return { kind: 'rate_limited', retryAfterMs: Number(response.headers.get('retry-after')) * 1000 };
      if (response.status === 404) return { kind: 'rejected', reason: body.error };
      return { kind: 'sent', ref: { destination: payload.destination, messageId: body.message_id } };
    } catch (error) {
      return { kind: 'failed', reason: String(error) };
    }
  }
  return {
    name,
    post: (destination, card) => call('post', { destination, card }),
    update: (ref, card) => call('update', { destination: ref.destination, message_id: ref.messageId, card }),
  };
}
