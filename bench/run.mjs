#!/usr/bin/env node
// `npm run bench`: evidence ingest through the real `loopx serve` and through the reference server
// (node:http + zod + raw better-sqlite3, group commit, same pragmas and row), in one run, side by side.
// Options: --seconds 10 --connections 50 --rate 1000 --synchronous FULL   (BENCH_SKIP_SCALE=1 skips nothing yet)
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { postEvidence } from './lib/load.mjs';
import { ROOT, scratchDir, seedAgent, startServe, stop } from './lib/loopx.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '1000' },
    synchronous: { type: 'string', default: 'FULL' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
// Server on core 0, load generator on core 1 (perf-reliability §2.3), when the machine has taskset.
const pin = hasTaskset();
if (pin) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
const cpu = pin ? 0 : undefined;

function startReference(env) {
  const args = [join(ROOT, 'bench', 'reference-server.mjs')];
  const child = spawn(pin ? 'taskset' : process.execPath, pin ? ['-c', '0', process.execPath, ...args] : args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /listening on (http:\/\/\S+)/.exec(String(chunk));
      if (match) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
}

async function measure(name, server, token) {
  await postEvidence(server.url, token, { connections, seconds: Number(values.warmup) });
  const closed = await postEvidence(server.url, token, { connections, seconds });
  const steady = await postEvidence(server.url, token, { connections, seconds, rate: Number(values.rate) });
  await stop(server.child, 'SIGTERM');
  console.log(`${name}: closed loop ${JSON.stringify(closed)}\n${name}: steady ${values.rate}/s ${JSON.stringify(steady)}`);
  return { closed, steady };
}

const env = (name) => ({ LOOPX_DB: join(scratchDir(`bench-${name}`), 'loopx.db'), LOOPX_SYNCHRONOUS: values.synchronous });
const refEnv = env('reference');
const reference = await measure('reference', await startReference(refEnv), 'reference-token');
const appEnv = env('loopx');
const token = seedAgent(appEnv);
const loopx = await measure('loopx', await startServe(appEnv, { cpu }), token);

const ratio = (a, b) => (b === 0 ? 0 : Math.round((a / b) * 100) / 100);
const row = (label, r) => `| ${label.padEnd(24)} | ${String(r.requests_per_s).padStart(7)} | ${String(r.p50_ms).padStart(5)} | ${String(r.p99_ms).padStart(5)} | ${String(r.max_ms).padStart(6)} | ${String(r.non_2xx + r.errors).padStart(6)} |`;
console.log(`\nEvidence ingest, synchronous=${values.synchronous}, ${connections} connections, ${seconds} s, ${pin ? 'server on core 0, load on core 1' : 'unpinned'}`);
console.log('| run                      |   req/s | p50ms | p99ms |  maxms | errors |');
console.log('|---|---|---|---|---|---|');
console.log(row('reference, closed loop', reference.closed));
console.log(row('loopx, closed loop', loopx.closed));
console.log(row(`reference, ${values.rate}/s`, reference.steady));
console.log(row(`loopx, ${values.rate}/s`, loopx.steady));
console.log(`\nthroughput loopx/reference = ${ratio(loopx.closed.requests_per_s, reference.closed.requests_per_s)} (goal >= 0.30)`);
console.log(`closed-loop loopx: ${loopx.closed.requests_per_s} ev/s (goal >= 5000), p99 ${loopx.closed.p99_ms} ms (goal <= 25)`);
console.log(`steady ${values.rate}/s loopx: p99 ${loopx.steady.p99_ms} ms (goal <= 10); reference p99 ${reference.steady.p99_ms} ms`);
