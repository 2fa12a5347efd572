#!/usr/bin/env node
// Crash test (perf-reliability §2.4/§3.4): kill -9 the real `loopx serve` at random moments while clients post
// evidence and ask gates, retrying with their Idempotency-Key; after every kill, check the database before
// restarting it. The server projects cards to a Slack Web API stub that outlives the kills: every card must be
// posted once, never twice, and at the end show a fresh render (bench/lib/crash-projection.mjs).
// Several servers share the database (`--servers 2`, the default): clients write to any of them, each kill takes
// one at random (the sender or a standby) while the others go on, so a lapsed sender lease and lapsed outbox
// claims are exercised too; the server that takes over must neither lose nor repeat a card.
// Usage: node bench/crash.mjs [--kills 50] [--servers 2] [--clients 16] [--synchronous FULL|NORMAL] [--drain 180]
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDatabase } from './lib/crash-checks.mjs';
import { checkCards, divergedCards, startCrashProjection, stubCalls, waitForDrain } from './lib/crash-projection.mjs';
import { percentile, scratchDir, seedAgent, startServe, stop } from './lib/loopx.mjs';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '50' },
    servers: { type: 'string', default: '2' },
    clients: { type: 'string', default: '16' },
    synchronous: { type: 'string', default: 'FULL' },
    drain: { type: 'string', default: '180' },
  },
});
const kills = Number(values.kills);
const dir = scratchDir('crash');
// A short sender lease, so a killed sender is replaced within a few seconds.
const database = { LOOPX_DB: join(dir, 'loopx.db'), LOOPX_SYNCHRONOUS: values.synchronous, LOOPX_SENDER_LEASE_SECONDS: '2' };
const token = seedAgent(database, { goalId: 'crash' });
const { env, stub } = await startCrashProjection(database, 'crash');

/** Client-side truth per kind of write: which ids were acknowledged, and how often each was sent. */
const evidence = { acked: new Set(), attempts: new Map() };
const gates = { acked: new Set(), attempts: new Map() };
/** The live servers; each write goes to one of them at random. */
const serves = [];
let running = true;
let failedAttempts = 0;

async function postOnce(path, id, body) {
  const url = serves[Math.floor(Math.random() * serves.length)]?.url;
  if (!url) throw new Error('no server is up');
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': id },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  await response.arrayBuffer();
  return response.status;
}

const postEvidence = (id) => postOnce('/v1/evidence', id, { goal_id: 'crash', kind: 'log', summary: `crash-test event ${id}`, data: { event_id: id } });
// Every gate gets a card of its own: a new post, which is where a crash can lose the answer to an accepted post.
const askGate = (id) => postOnce('/v1/goals/crash/gates', id, { question: `May the crash test go on after ${id}?` });

// A client sends one write at a time and retries it (same key) until it is acknowledged, like a real agent outbox.
async function client(send, truth, pauseMs = 0) {
  while (running) {
    const id = randomUUID();
    for (;;) {
      truth.attempts.set(id, (truth.attempts.get(id) ?? 0) + 1);
      const status = await send(id).catch(() => 0);
      if (status === 201) {
        truth.acked.add(id);
        break;
      }
      if (status >= 400 && status < 500) throw new Error(`write ${id} refused with ${status}: the crash test sends only valid writes`);
      failedAttempts += 1;
      if (!running) break;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20));
    }
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
}

const readyTimes = [];
const problems = [];
const seen = new Set();
/** Records each problem once, at the first check that saw it (a duplicate post stays visible after later kills). */
function report(when, found) {
  for (const problem of found) {
    if (seen.has(problem)) continue;
    seen.add(problem);
    problems.push(`${when}: ${problem}`);
  }
}
for (let i = 0; i < Number(values.servers); i += 1) {
  const serve = await startServe(env);
  serves.push(serve);
  readyTimes.push(serve.readyMs);
}
// Every gate is a new post, and one Slack channel takes about 45 posts a minute: the askers pause so the cards
// stay within what the channel can show before the drain deadline, however long the servers stay up.
const clients = [...Array.from({ length: Number(values.clients) }, () => client(postEvidence, evidence)), client(askGate, gates, 3_000), client(askGate, gates, 3_000)];
let lastCheck;
for (let kill = 1; kill <= kills; kill += 1) {
  await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
  const ackedBeforeKill = new Set(evidence.acked);
  const [victim] = serves.splice(Math.floor(Math.random() * serves.length), 1);
  await stop(victim.child, 'SIGKILL');
  // Checked while any other server keeps writing: acknowledged rows are there once, no card is visible twice.
  lastCheck = checkDatabase(env.LOOPX_DB, ackedBeforeKill, evidence.attempts);
  const cards = checkCards(env.LOOPX_DB, stub);
  report(`after kill ${kill}`, [...lastCheck.problems, ...cards.problems]);
  const serve = await startServe(env);
  serves.push(serve);
  readyTimes.push(serve.readyMs);
  if (kill % 10 === 0 || kill === kills) console.log(`kill ${kill}/${kills}: ${evidence.acked.size} acked, ${lastCheck.rows} rows, ${cards.cards} cards, ${problems.length} problems`);
}
running = false;
await Promise.all(clients);
const drainMs = await waitForDrain(env.LOOPX_DB, Number(values.drain) * 1000);
for (const serve of serves) await stop(serve.child, 'SIGTERM');
await stub.close();
const final = checkDatabase(env.LOOPX_DB, evidence.acked, evidence.attempts);
const finalCards = checkCards(env.LOOPX_DB, stub, { final: true });
const convergence = divergedCards(env, finalCards.projections, stub);
if (drainMs === null) report('final', [`the outbox did not drain within ${values.drain} s`]);
if (convergence.diverged.length > 0) report('final', [`cards not showing a fresh render: ${convergence.diverged.slice(0, 5).join(', ')}`]);
report('final', [...final.problems, ...finalCards.problems]);

const retried = [...evidence.attempts.values()].filter((n) => n > 1).length;
console.log(JSON.stringify({
  kills,
  servers: Number(values.servers),
  synchronous: values.synchronous,
  acked: evidence.acked.size,
  evidence_rows: final.rows,
  lost_acked: final.lost,
  duplicated: final.duplicated,
  ghost_rows: final.ghosts,
  failed_attempts_retried: failedAttempts,
  events_retried: retried,
  integrity_check: final.integrity,
  ledger_chain: final.chain,
  gates_asked: gates.acked.size,
  cards: {
    ...stubCalls(stub),
    cards_on_slack: finalCards.cards,
    duplicate_posts: finalCards.duplicates,
    outbox_pending_at_end: finalCards.pending,
    outbox_dead_at_end: finalCards.dead,
    drained_after_ms: drainMs,
    converged: `${convergence.live - convergence.diverged.length}/${convergence.live}`,
  },
  restart_to_ready_ms: { p50: Math.round(percentile(readyTimes, 50)), max: Math.round(Math.max(...readyTimes)) },
}, null, 2));
if (problems.length > 0) {
  console.error(`CRASH TEST FAILED:\n${problems.slice(0, 20).join('\n')}`);
  process.exit(1);
}
console.log(`crash test ok: ${kills} kills, ${evidence.acked.size} acknowledged events, 0 lost, 0 duplicated; ${finalCards.cards} cards posted once each, all converged`);
