#!/usr/bin/env node
// How long `loopx` takes as a fresh process per operation (what an agent that shells out every turn and an
// operator at a terminal feel), against a bare `node -e 0` in the same run, and how soon `loopx serve` answers
// /healthz with and without Slack and Lark configured. Medians and p90 of --runs fresh processes each.
// Usage: npm run bench:cli [-- --runs 30]
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLarkStub } from './lib/lark-stub.mjs';
import { CLI, loopx, percentile, ROOT, scratchDir, seedAgent, stop } from './lib/loopx.mjs';
import { startSlackStub } from './lib/slack-stub.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' ');
const env = { LOOPX_DB: join(scratchDir('cli-bench'), 'loopx.db'), LOOPX_DEMO: 'off', LOOPX_LOG_LEVEL: 'silent' };
seedAgent(env, { goalId: 'bench', agentId: 'a1' });

function timeOnce(args, extraEnv = {}) {
  const started = performance.now();
  execFileSync(process.execPath, args, { env: { ...process.env, ...env, ...extraEnv }, stdio: 'ignore' });
  return performance.now() - started;
}

/** Median and p90 of `runs` fresh processes; `args(i)` may vary per run (a new todo, a new turn). */
function measure(label, args) {
  const times = Array.from({ length: runs }, (_, i) => timeOnce(args(i)));
  return { label, median: percentile(times, 50), p90: percentile(times, 90) };
}

const todoIds = Array.from({ length: runs }, (_, i) => JSON.parse(loopx(env, ['todo', 'add', 'bench', `Claim me ${i}`, '--json'])).todo.id);
const cli = (...args) => [CLI, ...args];
const UNBUNDLED = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const rows = [
  measure('node -e 0 (baseline)', () => ['-e', '0']),
  measure('loopx --help', () => cli('--help')),
  measure('loopx todo add', (i) => cli('todo', 'add', 'bench', `Bench todo ${i}`)),
  measure('loopx todo claim', (i) => cli('todo', 'claim', todoIds[i], '--agent', 'a1')),
  measure('loopx should-run', (i) => cli('should-run', 'bench', '--agent', 'a1', '--turn', `t-${i}`)),
  measure('loopx evidence add', (i) => cli('evidence', 'add', 'bench', '--kind', 'note', '--summary', `Checked ${i}`, '--todo', todoIds[i], '--agent', 'a1', '--turn', `t-${i}`)),
  measure('loopx status', () => cli('status', 'bench')),
  // The same commands from tsc's unbundled output, which is how the binary ran before the bundle.
  measure('unbundled --help (before)', () => [UNBUNDLED, '--help']),
  measure('unbundled status (before)', () => [UNBUNDLED, 'status', 'bench']),
];

/** Spawn to the first 200 from /healthz, polling every 5 ms. */
async function serveReadyMs(extraEnv) {
  const started = performance.now();
  const port = 18000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, [CLI, 'serve'], { env: { ...process.env, ...env, LOOPX_PORT: String(port), ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null || performance.now() - started > 20_000) throw new Error(`serve did not become ready: ${stderr.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ready = performance.now() - started;
  await stop(child, 'SIGTERM');
  return ready;
}

const slack = await startSlackStub({ token: 'xoxb-bench', postLatencyMs: [0, 0] });
const lark = await startLarkStub({ appSecret: 'bench-secret' });
const chatEnv = { SLACK_BOT_TOKEN: 'xoxb-bench', SLACK_SIGNING_SECRET: 'bench-signing-secret', SLACK_APP_TOKEN: '', SLACK_API_URL: slack.apiUrl, LARK_APP_ID: 'cli_bench', LARK_APP_SECRET: 'bench-secret', LARK_DOMAIN: lark.url, LARK_MODE: 'webhook', LARK_ENCRYPT_KEY: 'bench-encrypt-key', LARK_VERIFICATION_TOKEN: 'bench-token' };
const noChat = { SLACK_BOT_TOKEN: '', LARK_APP_ID: '' };
const serveRuns = Math.max(5, Math.floor(runs / 3));
const ready = [];
for (const [label, extra] of [['loopx serve ready (no chat)', noChat], ['loopx serve ready (Slack + Lark)', chatEnv]]) {
  const times = [];
  for (let i = 0; i < serveRuns; i += 1) times.push(await serveReadyMs(extra));
  ready.push({ label, median: percentile(times, 50), p90: percentile(times, 90) });
}
slack.close?.();
lark.close?.();

const baseline = rows[0].median;
const fmt = (n) => `${Math.round(n)} ms`;
console.log(`load average before: ${loadBefore}; ${runs} runs per command, ${serveRuns} per serve`);
console.log('| operation | median | p90 | median / node -e 0 |');
console.log('|---|---|---|---|');
for (const row of [...rows, ...ready]) console.log(`| ${row.label} | ${fmt(row.median)} | ${fmt(row.p90)} | ${(row.median / baseline).toFixed(1)}× |`);
process.exit(0);
