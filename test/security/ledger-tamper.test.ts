import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { shouldRun } from '../../src/app/should-run.js';
import { claimTodo } from '../../src/app/leases.js';
import { completeTodo } from '../../src/app/todos.js';
import { ledgerHead, verifyChain, type EventRow, type PublishedHead } from '../../src/store/events.js';
import { ledgerKeyPath } from '../../src/store/ledger-key.js';
import { crossCheckState } from '../../src/store/ledger-state.js';
import { cardToText } from '../../cards/text.js';
import { runDigest } from '../../src/app/digest.js';
import { addAgent } from '../../src/app/agents.js';
import { seedDemo } from '../../src/app/demo.js';
import { sweepGates } from '../../src/app/gate-sweep.js';
import { addGoal } from '../../src/app/goals.js';
import { askGate, cancelGate } from '../../src/app/gates.js';
import { gateApp } from '../app/gate-fixture.js';
import { digestTarget, recordingJobs } from '../jobs/job-fixture.js';
import { freshDbPath, runLoopx } from '../helpers/cli.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../helpers/test-app.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A ledger on a file with a decided gate, a completed todo and a quota spend; returns it and its published head. */
async function ledgerWorld(): Promise<{ app: TestApp; path: string; published: PublishedHead; gateId: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'loopx-ledger-'));
  dirs.push(dir);
  const path = join(dir, 'loopx.db');
  const app = await gateApp({ path });
  const gateId = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { todoIds: [app.todoA] } })).gate.id;
  unwrap(decideGate(app.deps, { actor: { kind: 'person', id: 'ana' } }, gateId, { choice: 'approve', revision: 1, via: 'cli' }));
  const lease = unwrap(claimTodo(app.deps, asAgent('a1'), app.todoB));
  unwrap(completeTodo(app.deps, asAgent('a1'), app.todoB, { leaseVersion: lease.todo.leaseVersion, successors: [], noFollowup: 'changelog drafted' }));
  unwrap(shouldRun(app.deps, asAgent('a1'), 'demo', 'turn-1'));
  unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'test', summary: 'all green', turnId: 'turn-1', deliveryOutcome: 'outcome_progress' }));
  expect(app.deps.store.sqlite.prepare("SELECT count(*) AS n FROM quota_ledger WHERE kind = 'spend'").get()).toEqual({ n: 1 });
  const published = ledgerHead(app.deps.store);
  // Work goes on after the head was published (the digest posted it; later rows are not covered by it).
  unwrap(addEvidence(app.deps, asAgent('a1'), { goalId: 'demo', kind: 'note', summary: 'later work' }));
  return { app, path, published, gateId };
}

/** What an attacker without the key can compute: the old unkeyed SHA-256 link. */
function unkeyedHash(row: Omit<EventRow, 'hash'>): string {
  return createHash('sha256').update([row.seq, row.prev_hash, row.at, row.goal_id ?? '', row.type, row.actor, row.idempotency_key ?? '', row.payload].join('\u001f')).digest('hex');
}

function rows(app: TestApp): EventRow[] {
  return app.deps.store.sqlite.prepare('SELECT * FROM events ORDER BY seq').all() as EventRow[];
}

/** Rewrites rows from `fromSeq` on with the unkeyed rule, relinking each to the previous (a "careful" forger). */
function rehashFrom(app: TestApp, fromSeq: number): void {
  const all = rows(app);
  let previous = all.find((r) => r.seq === fromSeq - 1)?.hash ?? '0'.repeat(64);
  const update = app.deps.store.sqlite.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?');
  for (const row of all.filter((r) => r.seq >= fromSeq)) {
    const hash = unkeyedHash({ ...row, prev_hash: previous });
    update.run(previous, hash, row.seq);
    previous = hash;
  }
}

function problemsOf(app: TestApp, published: PublishedHead): string {
  const chain = verifyChain(app.deps.store, published);
  return [...chain.problems.map((p) => p.problem), ...crossCheckState(app.deps.store).map((p) => p.problem)].join('\n');
}

describe('ledger tampering (issue 14 §5): each is reported with the key and a published head', () => {
  it('an untouched ledger verifies, with and without the published head, and its state agrees', async () => {
    const { app, published } = await ledgerWorld();
    expect(verifyChain(app.deps.store).ok).toBe(true);
    expect(verifyChain(app.deps.store, published).ok).toBe(true);
    expect(crossCheckState(app.deps.store)).toEqual([]);
  });

  it('the demo goal and a gate lifecycle (defer, wake, cancel, expiry) agree with the ledger: no false alarms', async () => {
    const app = await createTestApp();
    unwrap(seedDemo(app.deps, operator));
    unwrap(addGoal(app.deps, operator, { id: 'g2', title: 'Second', objective: 'x', owners: ['ana'] }));
    unwrap(addAgent(app.deps, operator, { id: 'a9', goalId: 'g2', signing: false }));
    const deferred = unwrap(askGate(app.deps, asAgent('a9'), 'g2', { question: 'Later?', blocks: { global: true } })).gate;
    unwrap(decideGate(app.deps, { actor: { kind: 'person', id: 'ana' } }, deferred.id, { choice: 'defer', revision: 1, until: new Date(app.clock.now().getTime() + 60_000).toISOString(), via: 'cli' }));
    const cancelled = unwrap(askGate(app.deps, asAgent('a9'), 'g2', { question: 'Cancel me?', blocks: { global: true } })).gate;
    unwrap(cancelGate(app.deps, operator, cancelled.id, { reason: 'not needed' }));
    unwrap(askGate(app.deps, asAgent('a9'), 'g2', { question: 'Expire me?', blocks: { global: true }, expiresInSeconds: 60, onExpire: 'deny' }));
    app.clock.advance(120_000);
    sweepGates(app.deps, 'g2', app.clock.now());
    expect(crossCheckState(app.deps.store)).toEqual([]);
    expect(verifyChain(app.deps.store).ok).toBe(true);
  });

  it('1. deleting the tail and resetting sqlite_sequence', async () => {
    const { app, published } = await ledgerWorld();
    const cut = published.seq - 2;
    app.deps.store.sqlite.exec(`DELETE FROM events WHERE seq > ${cut}; UPDATE sqlite_sequence SET seq = ${cut} WHERE name = 'events';`);
    expect(problemsOf(app, published)).toMatch(/published head seq \d+ is no longer in the ledger/);
  });

  it('2. editing the last row and recomputing its hash', async () => {
    const { app, published } = await ledgerWorld();
    const last = rows(app).at(-1)!;
    app.deps.store.sqlite.prepare('UPDATE events SET payload = ? WHERE seq = ?').run('{"summary":"forged"}', last.seq);
    rehashFrom(app, last.seq);
    expect(problemsOf(app, published)).toMatch(/written without the ledger key/);
  });

  it('3. rewriting the chain from the middle', async () => {
    const { app, published } = await ledgerWorld();
    const middle = Math.floor(published.seq / 2);
    app.deps.store.sqlite.prepare("UPDATE events SET actor = 'person:mallory' WHERE seq = ?").run(middle);
    rehashFrom(app, middle);
    const problems = problemsOf(app, published);
    expect(problems).toMatch(/written without the ledger key/);
    expect(problems).toMatch(/published head has another hash/);
  });

  it('4. appending a forged row', async () => {
    const { app, published } = await ledgerWorld();
    const last = rows(app).at(-1)!;
    const forged = { seq: last.seq + 1, at: last.at, goal_id: 'demo', type: 'gate.decided', actor: 'person:ana', payload: '{"gate_id":"gate_x","outcome":"approved","by":"ana"}', idempotency_key: null, prev_hash: last.hash };
    app.deps.store.sqlite.prepare('INSERT INTO events (seq, at, goal_id, type, actor, payload, idempotency_key, prev_hash, hash) VALUES (@seq, @at, @goal_id, @type, @actor, @payload, @idempotency_key, @prev_hash, @hash)').run({ ...forged, hash: unkeyedHash(forged) });
    expect(problemsOf(app, published)).toMatch(/written without the ledger key/);
  });

  it('5. editing gates.decided_by directly', async () => {
    const { app, published, gateId } = await ledgerWorld();
    app.deps.store.sqlite.prepare("UPDATE gates SET decided_by = 'bo' WHERE id = ?").run(gateId);
    expect(verifyChain(app.deps.store, published).ok).toBe(true);
    expect(crossCheckState(app.deps.store)).toEqual([expect.objectContaining({ table: 'gates', id: gateId, problem: expect.stringContaining('the ledger says approved by ana') })]);
  });

  it('also: a deleted quota spend (which frees quota) and a todo marked done behind the ledger', async () => {
    const { app } = await ledgerWorld();
    app.deps.store.sqlite.exec("DELETE FROM quota_ledger WHERE kind = 'spend'");
    app.deps.store.sqlite.prepare("UPDATE todos SET status = 'done' WHERE id = ?").run(app.todoA);
    const problems = crossCheckState(app.deps.store);
    expect(problems.map((p) => p.table).sort()).toEqual(['quota_ledger', 'todos']);
    expect(problems.map((p) => p.problem).join('\n')).toContain('deleting a spend frees quota');
  });

  it('also: a full unkeyed rewrite with the keyed_from marker deleted is caught by the published head', async () => {
    const { app, published } = await ledgerWorld();
    app.deps.store.sqlite.prepare("UPDATE events SET payload = '{}' WHERE seq = 2").run();
    rehashFrom(app, 1);
    app.deps.store.sqlite.exec('DELETE FROM ledger_meta');
    app.deps.store.ledger.keyedFrom = Number.MAX_SAFE_INTEGER;
    expect(problemsOf(app, published)).toMatch(/published head has another hash/);
  });
});

describe('published heads', () => {
  it('every daily digest posts the ledger head it was built at, and that head verifies', async () => {
    const { app } = await ledgerWorld();
    const { jobs, posts } = recordingJobs(app);
    const head = ledgerHead(app.deps.store);
    unwrap(runDigest(jobs, digestTarget('0 9 * * *', 'UTC', '2026-01-01T00:00:00Z'), { period: '2026-03-01', dueAt: app.clock.now().toISOString(), late: false, trigger: 'schedule' }));
    const text = cardToText(posts[0]!.card);
    expect(text).toContain(`Ledger head ${head.seq}:${head.hash}`);
    expect(verifyChain(app.deps.store, head).ok).toBe(true);
  });
});

describe('the ledger key', () => {
  it('lives beside the database, mode 0600; a keyed ledger without its key refuses to open', async () => {
    const { path } = await ledgerWorld();
    expect(statSync(ledgerKeyPath(path)).mode & 0o777).toBe(0o600);
    rmSync(ledgerKeyPath(path));
    await expect(createTestApp({ path })).rejects.toThrow(/key is missing/);
  });

  it('migrates an old unkeyed ledger: old rows stay verifiable under the unkeyed rule, new rows are keyed', async () => {
    const { app, path } = await ledgerWorld();
    // What a database from before this change looks like: every row unkeyed, no marker, no key file.
    rehashFrom(app, 1);
    app.deps.store.sqlite.exec('DELETE FROM ledger_meta');
    app.deps.store.close();
    rmSync(ledgerKeyPath(path));
    const reopened = await createTestApp({ path });
    const oldHead = ledgerHead(reopened.deps.store);
    expect(existsSync(ledgerKeyPath(path))).toBe(true);
    unwrap(addEvidence(reopened.deps, operator, { goalId: 'demo', kind: 'note', summary: 'after the key' }));
    const verified = verifyChain(reopened.deps.store);
    expect(verified).toMatchObject({ ok: true, keyedFrom: oldHead.seq + 1 });
  });

  it('`loopx audit verify --head` passes on a clean ledger and fails (exit 1) once the published head is gone', async () => {
    const db = freshDbPath();
    dirs.push(join(db, '..'));
    expect(runLoopx(db, ['init']).code).toBe(0);
    expect(runLoopx(db, ['person', 'add', 'ana', '--name', 'Ana']).code).toBe(0);
    expect(runLoopx(db, ['goal', 'add', 'demo', '--title', 'Demo', '--objective', 'x', '--owner', 'ana']).code).toBe(0);
    const doctor = JSON.parse(runLoopx(db, ['doctor', '--json']).stdout) as { checks: { name: string; ok: boolean; detail: string }[] };
    expect(doctor.checks.filter((c) => ['storage', 'ledger key', 'ledger'].includes(c.name))).toEqual([
      { name: 'storage', ok: true, detail: 'writable' },
      { name: 'ledger key', ok: true, detail: `${ledgerKeyPath(db)}, chain keyed from seq 1` },
      { name: 'ledger', ok: true, detail: expect.stringMatching(/keyed hash chain intact; head \d+:[0-9a-f]{64}/) },
    ]);
    const clean = JSON.parse(runLoopx(db, ['audit', 'verify', '--json']).stdout);
    const head = `${clean.head.seq}:${clean.head.hash}`;
    expect(runLoopx(db, ['audit', 'verify', '--head', head]).code).toBe(0);
    expect(runLoopx(db, ['audit', 'verify', '--head', 'nonsense']).code).toBe(2);
    const app = await createTestApp({ path: db });
    app.deps.store.sqlite.exec(`DELETE FROM events WHERE seq = ${clean.head.seq}; UPDATE sqlite_sequence SET seq = ${clean.head.seq - 1} WHERE name = 'events';`);
    app.deps.store.close();
    const tampered = runLoopx(db, ['audit', 'verify', '--head', head]);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr + tampered.stdout).toContain('no longer in the ledger');
  });
});
