import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { addTodo } from '../../src/app/todos.js';
import { findTodo } from '../../src/store/todos.js';
import { createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

// Two threads with their own connections are released at the same instant by a shared barrier and claim the
// same todo: a real race on the database, not two calls taking turns on one event loop.
const raceScript = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { openStore } = await import(workerData.dist + '/src/store/db.js');
  const { createAppDeps } = await import(workerData.dist + '/src/app/index.js');
  const { claimTodo } = await import(workerData.dist + '/src/app/leases.js');
  const deps = createAppDeps(openStore({ path: workerData.path }));
  const gate = new Int32Array(workerData.barrier);
  Atomics.add(gate, 0, 1);
  while (Atomics.load(gate, 0) < 2) {}
  const result = claimTodo(deps, { actor: { kind: 'agent', id: workerData.agent } }, workerData.todoId);
  parentPort.postMessage(result.ok ? { ok: true } : { ok: false, code: result.error.code });
})();
`;

function race(path: string, todoId: string, agent: string, barrier: SharedArrayBuffer): Promise<{ ok: boolean; code?: string }> {
  const dist = pathToFileURL(join(process.cwd(), 'dist')).href;
  const worker = new Worker(raceScript, { eval: true, workerData: { path, todoId, agent, barrier, dist } });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { ok: boolean; code?: string }) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
  });
}

describe('two agents claiming the same todo at the same instant', () => {
  it.each([1, 2, 3])('lets exactly one win (round %i)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'loopx-race-')), 'race.db');
    const { deps } = await createTestApp({ path });
    seedGoal(deps);
    const todo = unwrap(addTodo(deps, operator, 'demo', { text: 'Contended todo' })).todo;
    const barrier = new SharedArrayBuffer(4);
    const results = await Promise.all([race(path, todo.id, 'a1', barrier), race(path, todo.id, 'a2', barrier)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.code)).toEqual(['lease_held']);
    const holder = findTodo(deps.store, todo.id)?.claimedBy;
    expect(['a1', 'a2']).toContain(holder);
    deps.store.close();
  });
});
