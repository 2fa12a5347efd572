#!/usr/bin/env node
// Projection under rate limits (issue 8, item 5): the real projection engine (outbox, coalescing, priorities,
// token buckets, Retry-After) drives Slack- and Lark-shaped surfaces against a loopback stub that enforces the
// published limits. A storm of state changes runs across 20 goals; then we wait for the outbox to drain and
// compare every card the stub shows with a fresh render.
// Usage: node bench/projection.mjs [--seconds 60] [--rate 50] [--goals 20] [--gate-every 3]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, scratchDir } from './lib/loopx.mjs';
import { startChatStub, stubSurface } from './lib/chat-stub.mjs';
import { seedGoals, storm } from './lib/projection-storm.mjs';
import { createAppDeps } from '../dist/src/app/index.js';
import { createBoardSource, createProjectionEngine } from '../dist/src/app/projection/index.js';
import { openStore } from '../dist/src/store/db.js';
import { runMigrations } from '../dist/src/store/migrate.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, rate: { type: 'string', default: '50' }, goals: { type: 'string', default: '20' }, drain: { type: 'string', default: '120' }, 'gate-every': { type: 'string', default: '3' }, synchronous: { type: 'string', default: 'FULL' } } });

const store = openStore({ path: join(scratchDir('projection'), 'loopx.db'), synchronous: values.synchronous });
const migrated = await runMigrations(store);
if (migrated.error) throw migrated.error;
const deps = createAppDeps(store);
const goalIds = seedGoals(deps, Number(values.goals));

// The board lists pending gates under "needs you", so asking and deciding a gate change the board card.
const board = createBoardSource();
const stub = await startChatStub();
const engine = createProjectionEngine(deps, { surfaces: [stubSurface('slack', stub.url), stubSurface('lark', stub.url)], sources: [board] });
engine.start();

console.log(`storm: ${values.rate} changes/s across ${goalIds.length} goals for ${values.seconds} s, a gate asked every ${values['gate-every']} s (Slack + Lark bindings on every goal)`);
const log = await storm(deps, goalIds, { seconds: Number(values.seconds), rate: Number(values.rate), gateEvery: Number(values['gate-every']) });

// Drain: wait until every card on the stub equals a fresh render, or give up.
const drainDeadline = Date.now() + Number(values.drain) * 1000;
let diverged = [];
for (;;) {
  engine.kick();
  diverged = [];
  for (const goalId of goalIds) {
    const fresh = JSON.stringify(board.render(store, `goal:${goalId}`, new Date())?.card);
    for (const surface of ['slack', 'lark']) {
      const shown = [...stub.cards.values()].filter((c) => c.key === `goal:${goalId}` && c.destination === destinationOf(surface, goalId));
      if (shown.length !== 1 || JSON.stringify(shown[0].card) !== fresh) diverged.push(`${surface}:${goalId}`);
    }
  }
  if (diverged.length === 0 || Date.now() > drainDeadline) break;
  await new Promise((r) => setTimeout(r, 500));
}
const convergedAfterMs = Date.now() - log.endedAt;
engine.stop();
await stub.close();

function destinationOf(surface, goalId) {
  return surface === 'slack' ? log.slackChannel(goalId) : log.larkChat(goalId);
}

// Latency of gate decisions: commit → first successful call showing that goal's board without the gate.
function firstShown(surface, goalId, after, predicate) {
  const call = stub.calls.find((c) => c.surface === surface && c.status === 200 && c.key === `goal:${goalId}` && c.at >= after && predicate(c));
  return call ? call.at - after : null;
}
const report = {};
for (const surface of ['slack', 'lark']) {
  const decisionLatency = log.decisions.map((d) => firstShown(surface, d.goalId, d.at, (c) => c.at >= d.at));
  const progressStaleness = log.changes.map((ch) => firstShown(surface, ch.goalId, ch.at, () => true) ?? Date.now() - ch.at);
  const surfaceCalls = stub.calls.filter((c) => c.surface === surface);
  report[surface] = {
    calls: surfaceCalls.length,
    rate_limited_429: surfaceCalls.filter((c) => c.status === 429).length,
    rate_429_pct: Math.round((surfaceCalls.filter((c) => c.status === 429).length / Math.max(1, surfaceCalls.length)) * 10000) / 100,
    gate_decision_latency_ms: { n: decisionLatency.length, undelivered: decisionLatency.filter((x) => x === null).length, p50: percentile(decisionLatency.filter((x) => x !== null), 50), p95: percentile(decisionLatency.filter((x) => x !== null), 95) },
    progress_staleness_ms: { n: progressStaleness.length, p50: percentile(progressStaleness, 50), p99: percentile(progressStaleness, 99) },
  };
}
console.log(JSON.stringify({
  changes: log.changes.length,
  gate_decisions: log.decisions.length,
  calls_before_retry_after: stub.stats.early,
  converged_cards: `${goalIds.length * 2 - diverged.length}/${goalIds.length * 2}`,
  converged_after_storm_ms: diverged.length === 0 ? convergedAfterMs : null,
  ...report,
}, null, 2));
if (diverged.length > 0) console.log(`not converged: ${diverged.slice(0, 10).join(', ')}`);
