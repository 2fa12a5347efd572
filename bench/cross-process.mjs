#!/usr/bin/env node
// Cross-process change signal (issue 13): how soon does a running `loopx serve` see a commit made by another
// process, and what does watching for one cost while nothing happens?
//   latency: this process writes todos straight into the database (a script using the package, like the CLI)
//            while subscribed to the server's /live stream; each write is timed from its COMMIT to the server's
//            `change` event. Writes are spaced randomly so they land at every phase of the server's poll.
//   idle:    the server's CPU time (/proc/<pid>/stat) over a quiet window, and the cost of one idle poll
//            (`PRAGMA data_version`, measured in this process).
// Usage: node bench/cross-process.mjs [--writes 200] [--idle 60]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppDeps } from '../dist/src/app/index.js';
import { addTodo } from '../dist/src/app/todos.js';
import { dataVersion } from '../dist/src/store/change-feed.js';
import { openStore } from '../dist/src/store/db.js';
import { percentile, scratchDir, seedAgent, startServe, stop } from './lib/loopx.mjs';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '200' }, idle: { type: 'string', default: '60' } } });
const env = { LOOPX_DB: join(scratchDir('cross'), 'loopx.db'), LOOPX_DEMO: 'off' };
seedAgent(env, { goalId: 'cross' });
const serve = await startServe(env);
const store = openStore({ path: env.LOOPX_DB, synchronous: 'FULL' });
const deps = createAppDeps(store);
const operator = { actor: { kind: 'system', id: 'cli' } };

// The live stream: resolve the waiter of the next `change` frame.
let waiter = null;
const live = await fetch(`${serve.url}/live`);
(async () => {
  const decoder = new TextDecoder();
  for await (const chunk of live.body) if (decoder.decode(chunk).includes('event: change') && waiter) waiter(performance.now());
})().catch(() => undefined);

const latencies = [];
for (let i = 0; i < Number(values.writes); i += 1) {
  await new Promise((r) => setTimeout(r, 50 + Math.random() * 250));
  const seen = new Promise((resolve) => (waiter = resolve));
  const result = addTodo(deps, operator, 'cross', { text: `cross-process write ${i}` });
  const committed = performance.now();
  if (!result.ok) throw new Error(result.error.message);
  latencies.push((await seen) - committed);
  waiter = null;
}

// Idle: the server polls, nobody writes.
const ticks = () => {
  const fields = readFileSync(`/proc/${serve.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
const before = ticks();
await new Promise((r) => setTimeout(r, Number(values.idle) * 1000));
const idleCpuMs = (ticks() - before) * 10;

const polls = 100_000;
const started = performance.now();
for (let i = 0; i < polls; i += 1) dataVersion(store);
const pollUs = ((performance.now() - started) * 1000) / polls;

store.close();
live.body.cancel().catch(() => undefined);
await stop(serve.child, 'SIGTERM');
const round = (ms) => Math.round(ms * 10) / 10;
console.log(JSON.stringify({
  writes: latencies.length,
  commit_to_live_event_ms: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)), max: round(Math.max(...latencies)) },
  idle_window_s: Number(values.idle),
  idle_server_cpu_ms: idleCpuMs,
  idle_server_cpu_percent: round((idleCpuMs / (Number(values.idle) * 1000)) * 100),
  one_idle_poll_us: round(pollUs),
  idle_polls_per_s: 5,
}, null, 2));
