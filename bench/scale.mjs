#!/usr/bin/env node
// Reads at scale (issue 8, item 2): one goal with 10,000 todos, 1,000 gates and 1,000,000 evidence rows;
// reports p50/p99 of `status` (the read model behind the status endpoint, the board card and the web board)
// of should-run (each call a new turn, so a real write), and of the latest-evidence read.
// Usage: node bench/scale.mjs [--todos 10000] [--gates 1000] [--evidence 1000000] [--runs 50]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, scratchDir } from './lib/loopx.mjs';
import { CLI_ACTOR } from '../dist/src/app/actor.js';
import { addAgent } from '../dist/src/app/agents.js';
import { askGate } from '../dist/src/app/gates.js';
import { addGoal } from '../dist/src/app/goals.js';
import { createAppDeps } from '../dist/src/app/index.js';
import { addPerson } from '../dist/src/app/people.js';
import { goalStatus } from '../dist/src/app/queries/goal-status.js';
import { shouldRun } from '../dist/src/app/should-run.js';
import { listEvidence } from '../dist/src/store/evidence.js';
import { openStore } from '../dist/src/store/db.js';
import { runMigrations } from '../dist/src/store/migrate.js';

const { values } = parseArgs({ options: { todos: { type: 'string', default: '10000' }, gates: { type: 'string', default: '1000' }, evidence: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '50' } } });
const store = openStore({ path: join(scratchDir('scale'), 'loopx.db'), synchronous: 'FULL' });
const migrated = await runMigrations(store);
if (migrated.error) throw migrated.error;
const deps = createAppDeps(store);
const operator = { actor: CLI_ACTOR };
const must = (r) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
must(addPerson(deps, operator, { id: 'ana', name: 'Ana' }));
must(addGoal(deps, operator, { id: 'big', title: 'Big goal', objective: 'Hold a lot', owners: ['ana'], timezone: 'UTC' }));
for (const agentId of ['a1', 'a2', 'a3', 'a4']) must(addAgent(deps, operator, { id: agentId, goalId: 'big', signing: false }));

// Bulk rows go in through SQL (the use cases would take minutes); gates go through askGate, so they are real.
const t0 = performance.now();
const id = (prefix, i) => `${prefix}_${String(i).padStart(9, '0')}`;
const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
const statuses = ['open', 'open', 'open', 'done', 'done', 'blocked', 'deferred'];
const insertTodo = store.sqlite.prepare(
  "INSERT INTO todos (id, goal_id, text, role, task_class, priority, status, lease_version, lease_epoch, revision, created_at, updated_at, claimed_by, lease_expires_at) VALUES (?, 'big', ?, 'agent', 'advancement', ?, ?, 0, 0, 1, ?, ?, ?, ?)",
);
store.transaction(() => {
  for (let i = 0; i < Number(values.todos); i += 1) {
    const claimed = i % 10 === 0 ? `a${(i % 4) + 1}` : null;
    insertTodo.run(id('todo', i), `Todo number ${i}`, `P${i % 5}`, statuses[i % statuses.length], at(i), at(i), claimed, claimed ? '2099-01-01T00:00:00.000Z' : null);
  }
});
for (let i = 0; i < Number(values.gates); i += 1) {
  must(askGate(deps, { actor: { kind: 'agent', id: `a${(i % 4) + 1}` } }, 'big', { question: `Gate question ${i}?`, blocks: i % 3 === 0 ? { todoIds: [id('todo', i * 7)] } : { agent: `a${(i % 4) + 1}` } }));
}
const insertEvidence = store.sqlite.prepare("INSERT INTO evidence (id, goal_id, agent_id, kind, summary, created_at) VALUES (?, 'big', 'a1', 'log', ?, ?)");
for (let start = 0; start < Number(values.evidence); start += 100_000) {
  store.transaction(() => {
    for (let i = start; i < Math.min(Number(values.evidence), start + 100_000); i += 1) insertEvidence.run(id('ev', i), `evidence row ${i}`, at(i));
  });
}
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; seeded ${values.todos} todos, ${values.gates} gates, ${values.evidence} evidence rows in ${Math.round((performance.now() - t0) / 1000)} s`);

function measure(label, fn) {
  for (let i = 0; i < 5; i += 1) fn(); // warm-up: statement cache and JIT, as in a running server
  const times = [];
  for (let i = 0; i < Number(values.runs); i += 1) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  const r = (x) => Math.round(x * 100) / 100;
  console.log(`${label}: p50 ${r(percentile(times, 50))} ms, p99 ${r(percentile(times, 99))} ms (goal p99 < 20 ms), ${values.runs} runs`);
  return times;
}
const now = new Date();
measure('status (goalStatus)', () => must(goalStatus(store, 'big', now)));
let turn = 0;
measure('should-run (new turn each call)', () => must(shouldRun(deps, { actor: { kind: 'agent', id: 'a1' } }, 'big', `turn-${(turn += 1)}`)));
measure('latest evidence (listEvidence, 50 rows)', () => listEvidence(store, 'big', 50));
store.close();
