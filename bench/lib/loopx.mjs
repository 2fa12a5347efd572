// Drives the real `loopx` binary (dist/) as a separate process: set up a goal and an agent through the CLI,
// start `loopx serve` on a free port, and kill it. Shared by the crash test and the benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'loopx.js');

/** A fresh scratch directory for one run's database. */
export function scratchDir(name) {
  return mkdtempSync(join(tmpdir(), `loopx-${name}-`));
}

/** Runs one CLI command against `env`; returns stdout (throws on a non-zero exit). */
export function loopx(env, args) {
  return execFileSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
}

/** Creates the database, a person, a goal and an agent on it; returns the agent's token. */
export function seedAgent(env, { goalId = 'bench', agentId = 'a1' } = {}) {
  loopx(env, ['init']);
  loopx(env, ['person', 'add', 'ana', '--name', 'Ana']);
  loopx(env, ['goal', 'add', goalId, '--title', 'Benchmark goal', '--objective', 'Take load', '--owner', 'ana']);
  return JSON.parse(loopx(env, ['agent', 'add', agentId, '--goal', goalId, '--json'])).token;
}

/**
 * Starts `loopx serve` on a free port and resolves once it prints its URL, with the child, the URL and the
 * time from spawn to ready. `cpu` pins it to a core with taskset; `nodeArgs` go to node (e.g. --cpu-prof).
 */
export function startServe(env, { cpu, nodeArgs = [] } = {}) {
  const started = performance.now();
  const command = cpu === undefined ? process.execPath : 'taskset';
  const node = [...nodeArgs, CLI, 'serve'];
  const args = cpu === undefined ? node : ['-c', String(cpu), process.execPath, ...node];
  const child = spawn(command, args, { env: { ...process.env, LOOPX_PORT: '0', LOOPX_LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (match) resolvePromise({ child, url: match[1], readyMs: performance.now() - started });
    });
    child.once('exit', (code, signal) => reject(new Error(`loopx serve exited (${code ?? signal}) before it was ready: ${err.trim()}`)));
  });
}

/** Sends SIGKILL (or `signal`) and resolves when the process is gone. */
export function stop(child, signal = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill(signal);
  });
}

/** Nearest-rank percentile of an unsorted array of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
