#!/usr/bin/env node
// Crash test (perf-reliability §2.4/§3.4): kill -9 the real `loopx serve` at random moments while clients post
// evidence and retry with their Idempotency-Key; after every kill, check the database before restarting it.
// Usage: node bench/crash.mjs [--kills 50] [--clients 16] [--synchronous FULL|NORMAL]
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDatabase } from './lib/crash-checks.mjs';
import { percentile, scratchDir, seedAgent, startServe, stop } from './lib/loopx.mjs';

const { values } = parseArgs({
  options: { kills: { type: 'string', default: '50' }, clients: { type: 'string', default: '16' }, synchronous: { type: 'string', default: 'FULL' } },
});
const kills = Number(values.kills);
const dir = scratchDir('crash');
const env = { LOOPX_DB: join(dir, 'loopx.db'), LOOPX_SYNCHRONOUS: values.synchronous };
const token = seedAgent(env, { goalId: 'crash' });

/** Client-side truth: every event, whether it was acknowledged, and how often it was sent. */
const acked = new Set();
const attempts = new Map();
let url = '';
let running = true;
let failedAttempts = 0;

async function postOnce(eventId) {
  const response = await fetch(`${url}/v1/evidence`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': eventId },
    body: JSON.stringify({ goal_id: 'crash', kind: 'log', summary: `crash-test event ${eventId}`, data: { event_id: eventId } }),
    signal: AbortSignal.timeout(5_000),
  });
  await response.arrayBuffer();
  return response.status;
}

// A client posts one event at a time and retries it (same key) until it is acknowledged, like a real agent outbox.
async function client() {
  while (running) {
    const eventId = randomUUID();
    for (;;) {
      attempts.set(eventId, (attempts.get(eventId) ?? 0) + 1);
      const status = await postOnce(eventId).catch(() => 0);
      if (status === 201) {
        acked.add(eventId);
        break;
      }
      if (status >= 400 && status < 500) throw new Error(`event ${eventId} refused with ${status}: the crash test sends only valid events`);
      failedAttempts += 1;
      if (!running) break;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20));
    }
  }
}

const readyTimes = [];
const problems = [];
let serve = await startServe(env);
url = serve.url;
readyTimes.push(serve.readyMs);
const clients = Array.from({ length: Number(values.clients) }, () => client());
let lastCheck;
for (let kill = 1; kill <= kills; kill += 1) {
  await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
  const ackedBeforeKill = new Set(acked);
  await stop(serve.child, 'SIGKILL');
  lastCheck = checkDatabase(env.LOOPX_DB, ackedBeforeKill, attempts);
  for (const problem of lastCheck.problems) problems.push(`after kill ${kill}: ${problem}`);
  serve = await startServe(env);
  url = serve.url;
  readyTimes.push(serve.readyMs);
  if (kill % 10 === 0 || kill === kills) console.log(`kill ${kill}/${kills}: ${acked.size} acked, ${lastCheck.rows} rows, ${lastCheck.problems.length} problems`);
}
running = false;
await Promise.all(clients);
await stop(serve.child, 'SIGTERM');
const final = checkDatabase(env.LOOPX_DB, acked, attempts);
for (const problem of final.problems) problems.push(`final: ${problem}`);

const retried = [...attempts.values()].filter((n) => n > 1).length;
console.log(JSON.stringify({
  kills,
  synchronous: values.synchronous,
  acked: acked.size,
  evidence_rows: final.rows,
  lost_acked: final.lost,
  duplicated: final.duplicated,
  ghost_rows: final.ghosts,
  failed_attempts_retried: failedAttempts,
  events_retried: retried,
  integrity_check: final.integrity,
  ledger_chain: final.chain,
  outbox: final.outbox,
  restart_to_ready_ms: { p50: Math.round(percentile(readyTimes, 50)), max: Math.round(Math.max(...readyTimes)) },
}, null, 2));
if (problems.length > 0) {
  console.error(`CRASH TEST FAILED:\n${problems.slice(0, 20).join('\n')}`);
  process.exit(1);
}
console.log(`crash test ok: ${kills} kills, ${acked.size} acknowledged events, 0 lost, 0 duplicated`);
