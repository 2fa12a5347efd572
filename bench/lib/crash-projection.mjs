// Card projection in the crash test ("queued card updates are still sent once"): `loopx serve` runs with Slack
// configured in HTTP mode (signing secret, no Socket Mode) against the loopback Slack Web API stub, which lives
// in the bench process and outlives every kill; the crash goal is bound to one channel. After every kill no card
// is visible twice, every stored message ref points at a message showing its card, and no outbox row is dead.
// At the end, once the outbox has drained, every card LoopX posted is on the stub exactly once, recorded, and
// shows a fresh render of its card (convergence).
import Database from 'better-sqlite3';
import { cardToBlockKit } from '../../dist/adapters/slack/render.js';
import { chatCardSources } from '../../dist/src/compose.js';
import { loadConfig } from '../../dist/src/config.js';
import { openStore } from '../../dist/src/store/db.js';
import { loopx } from './loopx.mjs';
import { startSlackStub } from './slack-stub.mjs';

const CHANNEL = 'C0CRASH0001';
const BOT_TOKEN = 'xoxb-crash-test';

/** Starts the stub and binds `goalId` to its channel; answers the env for `loopx serve` and the stub. */
export async function startCrashProjection(env, goalId) {
  const stub = await startSlackStub({ token: BOT_TOKEN });
  // Only Slack, over HTTP: blank values override any real credentials in the caller's environment or .env.
  // The port is startServe's, here too so that the convergence check renders the board link as the server does.
  const chatEnv = { ...env, LOOPX_PORT: '0', SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: 'crash-test-signing-secret', SLACK_APP_TOKEN: '', SLACK_API_URL: stub.apiUrl, LARK_APP_ID: '' };
  loopx(chatEnv, ['goal', 'bind', goalId, '--slack', CHANNEL]);
  return { env: chatEnv, stub };
}

function readDatabase(path) {
  const db = new Database(path, { readonly: true });
  try {
    const projections = db.prepare("SELECT card_key, destination, message_id FROM projections WHERE surface = 'slack'").all();
    const outbox = db.prepare("SELECT state, count(*) AS n FROM outbox GROUP BY state").all();
    const count = (state) => outbox.find((r) => r.state === state)?.n ?? 0;
    return { projections, pending: count('pending'), dead: count('dead') };
  } finally {
    db.close();
  }
}

/** The stub's messages grouped by channel and the card key in their metadata. */
function visibleCards(stub) {
  const cards = new Map();
  for (const message of stub.messages) {
    const key = `${message.channel}|${message.metadata?.event_payload?.card_key ?? '(no card key)'}`;
    cards.set(key, [...(cards.get(key) ?? []), message]);
  }
  return cards;
}

/**
 * Checks the stub against the database (while the server is down, or drained at the end). Mid-run a post may
 * be on the stub but not yet recorded (the kill came first); at the end every visible card must be recorded.
 */
export function checkCards(path, stub, { final = false } = {}) {
  const problems = [];
  const { projections, pending, dead } = readDatabase(path);
  const visible = visibleCards(stub);
  let duplicates = 0;
  for (const [key, messages] of visible) {
    if (messages.length > 1) duplicates += messages.length - 1;
    if (messages.length > 1) problems.push(`card ${key} is posted ${messages.length} times (ts ${messages.map((m) => m.ts).join(', ')})`);
  }
  const recorded = new Set();
  for (const p of projections) {
    const shown = visible.get(`${p.destination}|${p.card_key}`) ?? [];
    if (!shown.some((m) => m.ts === p.message_id)) problems.push(`card ${p.card_key} is recorded at ts ${p.message_id}, which does not show it`);
    recorded.add(`${p.destination}|${p.card_key}`);
  }
  if (dead > 0) problems.push(`${dead} outbox rows are dead`);
  if (final) {
    for (const key of visible.keys()) if (!recorded.has(key)) problems.push(`card ${key} is on Slack but LoopX has no ref for it`);
    if (pending > 0) problems.push(`${pending} outbox rows still pending after the drain`);
  }
  return { cards: visible.size, duplicates, pending, dead, projections, problems };
}

/** Waits (server up) until the outbox is empty; answers how long it took, or null at the deadline. */
export async function waitForDrain(path, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { pending, dead } = readDatabase(path);
    if (pending + dead === 0) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

/** Every recorded live card (board, gates) whose message does not show its fresh render, Block Kit and text. */
export function divergedCards(env, projections, stub) {
  const { base, sources } = chatCardSources(loadConfig({ ...process.env, ...env }));
  const store = openStore({ path: env.LOOPX_DB });
  const now = new Date();
  let live = 0;
  const diverged = [];
  try {
    for (const p of projections) {
      const rendered = sources.map((source) => source.render(store, p.card_key, now)).find((r) => r !== null);
      if (!rendered) continue; // heartbeats and digests are one-off posts, not live cards
      live += 1;
      const expected = cardToBlockKit(rendered.card, { seeMoreUrl: base });
      const shown = stub.messages.find((m) => m.channel === p.destination && m.ts === p.message_id);
      if (JSON.stringify(shown?.blocks) !== JSON.stringify(expected.blocks) || shown?.text !== expected.text) diverged.push(p.card_key);
    }
  } finally {
    store.close();
  }
  return { live, diverged };
}

/** What the stub saw: accepted posts and updates, history look-ups, 429s. */
export function stubCalls(stub) {
  const ok = (method) => stub.calls.filter((c) => c.method === method && c.ok).length;
  return {
    posts: ok('chat.postMessage'),
    updates: ok('chat.update'),
    lookups: ok('conversations.history') + ok('conversations.replies'),
    rate_limited_429: stub.calls.filter((c) => c.status === 429).length,
  };
}
