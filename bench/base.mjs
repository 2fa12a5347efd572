#!/usr/bin/env node
// Lark Base projection at scale (issue 18): a goal with 10,000 todos bound to a Base table on a loopback Base stub
// that enforces the documented limits (500 records a batch, one write at a time per table, 50 writes/s per app).
// Phase 1 fills the table; phase 2 claims `--changes` todos one commit at a time and waits for the rows to follow.
// It reports calls, records per call, 429s, the busiest one-second window against the limit, and whether every
// row shows what the kernel says. Usage: npm run build && node bench/base.mjs [--todos 10000] [--changes 2000]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scratchDir } from './lib/loopx.mjs';
import { startBaseStub } from './lib/base-stub.mjs';
import { createLarkBaseApi } from '../dist/adapters/lark/base/api.js';
import { baseSchema, bindGoalToBase, createBaseEngine } from '../dist/src/app/base/index.js';
import { renderGoalRows } from '../dist/src/app/base/render.js';
import { addAgent } from '../dist/src/app/agents.js';
import { addGoal } from '../dist/src/app/goals.js';
import { createAppDeps } from '../dist/src/app/index.js';
import { claimTodo } from '../dist/src/app/leases.js';
import { addPerson } from '../dist/src/app/people.js';
import { addTodo } from '../dist/src/app/todos.js';
import { baseRowCounts } from '../dist/src/store/base-rows.js';
import { openStore } from '../dist/src/store/db.js';
import { runMigrations } from '../dist/src/store/migrate.js';

const { values } = parseArgs({ options: { todos: { type: 'string', default: '10000' }, changes: { type: 'string', default: '2000' }, limit: { type: 'string', default: '50' }, timeout: { type: 'string', default: '300' } } });
const todos = Number(values.todos);
const changes = Math.min(Number(values.changes), todos);
const operator = { actor: { kind: 'system', id: 'cli' } };
const must = (result) => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
};

const store = openStore({ path: join(scratchDir('base'), 'loopx.db') });
const migrated = await runMigrations(store);
if (migrated.error) throw migrated.error;
const deps = createAppDeps(store);
must(addPerson(deps, operator, { id: 'ana', name: 'Ana' }));
must(addGoal(deps, operator, { id: 'bench', title: 'Base bench', objective: 'Fill a Base', owners: ['ana'], timezone: 'UTC' }));
must(addAgent(deps, operator, { id: 'a1', goalId: 'bench', signing: false }));
let started = Date.now();
const ids = [];
for (let i = 0; i < todos; i += 1) ids.push(must(addTodo(deps, operator, 'bench', { text: `Bench task ${i}` })).todo.id);
console.log(`seeded ${todos} todos in ${Date.now() - started} ms`);

const stub = await startBaseStub({ appSecret: 'bench-secret', writesPerSecond: Number(values.limit) });
const api = createLarkBaseApi({ appId: 'cli_bench', appSecret: 'bench-secret', domain: stub.url });
const bound = must(await bindGoalToBase(deps, operator, api, { goalId: 'bench', target: 'bascnBench000001' }));
const engine = createBaseEngine(deps, api);

async function converge(label) {
  const from = Date.now();
  const deadline = from + Number(values.timeout) * 1000;
  while (baseRowCounts(store).pending > 0 && Date.now() < deadline) {
    engine.kick();
    await new Promise((r) => setTimeout(r, 50));
  }
  await engine.idle();
  console.log(`${label}: converged in ${Date.now() - from} ms (pending ${baseRowCounts(store).pending}, parked ${baseRowCounts(store).dead})`);
}

const writesBefore = () => stub.writes.length;
started = Date.now();
engine.start();
await converge(`phase 1, fill ${todos} rows`);
const fillWrites = writesBefore();
started = Date.now();
for (const id of ids.slice(0, changes)) must(claimTodo(deps, { actor: { kind: 'agent', id: 'a1' } }, id));
console.log(`phase 2: ${changes} claims committed in ${Date.now() - started} ms`);
await converge(`phase 2, ${changes} changed rows`);
engine.stop();

const table = stub.tables.get(bound.tableId);
const wanted = renderGoalRows(store, baseSchema('en'), 'bench', new Date());
const wrong = wanted.filter((row) => {
  const shown = [...table.records.values()].find((r) => r['LoopX id'] === row.todoId);
  return !shown || shown.Lane !== row.fields.Lane;
}).length;
let busiest = 0;
for (const w of stub.writes) busiest = Math.max(busiest, stub.writes.filter((x) => x.at >= w.at && x.at < w.at + 1000).length);
const limited = stub.calls.filter((c) => c.status === 429).length;
const conflicts = stub.calls.filter((c) => c.status === 400).length;
console.log(JSON.stringify({
  todos,
  changes,
  rows_in_table: table.records.size,
  rows_wrong: wrong,
  write_calls: { fill: fillWrites, changes: stub.writes.length - fillWrites },
  max_records_per_call: Math.max(...stub.writes.map((w) => w.records)),
  all_calls: stub.calls.length,
  rate_limited_429: limited,
  refused_400: conflicts,
  busiest_second_writes: busiest,
  limit_per_second: Number(values.limit),
}, null, 2));
await stub.close();
store.close();
process.exit(wrong === 0 && table.records.size === todos ? 0 : 1);
