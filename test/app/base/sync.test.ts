import { beforeEach, describe, expect, it } from 'vitest';
import { addTodo, completeTodo, supersedeTodo } from '../../../src/app/todos.js';
import { claimTodo } from '../../../src/app/leases.js';
import { recordHeartbeat } from '../../../src/app/evidence.js';
import { BASE_BATCH_SIZE, bindGoalToBase } from '../../../src/app/base/index.js';
import { addGoal } from '../../../src/app/goals.js';
import { baseRowCounts } from '../../../src/store/base-rows.js';
import type { FakeBase } from '../../helpers/lark-base.js';
import { bindFreshBase, startBaseHarness, testBaseApi, useFakeBase } from '../../helpers/lark-base-harness.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';

const APP = 'bascnLoopxTest01';
const suite = useFakeBase();
let app: TestApp;
let base: FakeBase;
beforeEach(() => {
  ({ app, base } = suite);
});

const text = (cell: unknown) => (cell as { text: string }[] | undefined)?.[0]?.text;
const addMany = (n: number, from = 0) => Array.from({ length: n }, (_, i) => unwrap(addTodo(app.deps, operator, 'demo', { text: `Task ${from + i}` })).todo);

describe('Base rows follow the kernel', () => {
  it('200 changes become coalesced batch writes: one row per todo, at most 500 records a call, within the rate budget', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    const todos = addMany(200);
    for (const todo of todos.slice(0, 50)) unwrap(claimTodo(app.deps, asAgent('a1'), todo.id));
    await harness.drain();
    const writes = base.writes();
    // 200 creates coalesce into one batch; the 50 claims happened before the first send, so they ride along.
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body.records).toHaveLength(200);
    const rows = base.rowsById(APP, tableId);
    expect(rows.size).toBe(200);
    expect(rows.get(todos[0]!.id)?.fields.Lane).toBe('Claimed');
    expect(text(rows.get(todos[0]!.id)?.fields.Agent)).toBe('a1');
    expect(rows.get(todos[199]!.id)?.fields.Lane).toBe('Todo');
    // Then 200 more changes to existing rows: updates, batched, never more than 500 records a call.
    for (const todo of todos.slice(50, 250)) unwrap(claimTodo(app.deps, asAgent('a1'), todo.id));
    await harness.drain();
    const updates = base.writes().slice(1);
    expect(updates.every((c) => c.path.endsWith('/batch_update') && c.body.records.length <= BASE_BATCH_SIZE)).toBe(true);
    expect(updates.reduce((n, c) => n + c.body.records.length, 0)).toBe(150);
    expect(updates).toHaveLength(1);
    expect(baseRowCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
  });

  it('1,200 rows go out in batches of at most 500, one call at a time (no write conflict)', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    addMany(1200);
    await harness.drain();
    const writes = base.writes();
    expect(writes.map((c) => c.body.records.length)).toEqual([500, 500, 200]);
    expect(base.rowsById(APP, tableId).size).toBe(1200);
    // No write was refused as concurrent (1254291) and none exceeded the documented batch size.
    expect(base.calls.filter((c) => c.path.includes('/records')).length).toBe(3);
  });

  it('honours 429 and x-ogw-ratelimit-reset: nothing more is sent until the reset, then the rows go out', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    addMany(3);
    base.rateLimitNext(3);
    app.clock.advance(1000);
    harness.engine.kick();
    await harness.engine.idle();
    expect(base.writes()).toHaveLength(1);
    expect(harness.engine.sender.nextDueInMs()).toBe(3000);
    app.clock.advance(2999);
    harness.engine.kick();
    await harness.engine.idle();
    expect(base.writes()).toHaveLength(1);
    await harness.drain();
    expect(base.writes()).toHaveLength(2);
    expect(base.rowsById(APP, tableId).size).toBe(3);
  });

  it('a superseded todo moves to Done and says what replaced it; a done todo stays as a row with its evidence link', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    const [old] = addMany(1);
    await harness.drain();
    const replaced = unwrap(supersedeTodo(app.deps, operator, old!.id, { text: 'Better task' }));
    await harness.drain();
    unwrap(completeTodo(app.deps, operator, replaced.replacement.id, { successors: [], noFollowup: 'shipped', evidence: { kind: 'build', summary: 'Green build', url: 'https://ci.example/runs/7' } }));
    await harness.drain();
    const rows = base.rowsById(APP, tableId);
    expect(rows.size).toBe(2);
    expect(rows.get(old!.id)?.fields.Lane).toBe('Done');
    expect(text(rows.get(old!.id)?.fields['Waiting on'])).toBe('Superseded by "Better task"');
    expect(rows.get(replaced.replacement.id)?.fields).toMatchObject({ Lane: 'Done', 'Latest evidence': { text: 'Evidence', link: 'https://ci.example/runs/7' } });
  });

  it('a restart resends nothing already applied, and a create whose answer was lost is found, not made twice', async () => {
    const first = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, first);
    addMany(5);
    base.loseNextCreateAnswer();
    app.clock.advance(1000);
    first.engine.kick();
    await first.engine.idle();
    first.engine.stop();
    // The Base created the five rows, but we never heard so: a new engine (a restart) looks before creating again.
    expect(base.rowsById(APP, tableId).size).toBe(5);
    const second = startBaseHarness(app, testBaseApi());
    await second.drain();
    expect(base.table(APP, tableId).records.size).toBe(5);
    const writes = base.writes().length;
    second.engine.stop();
    const third = startBaseHarness(app, testBaseApi());
    third.engine.start();
    await third.drain();
    expect(base.writes().length).toBe(writes);
    expect(base.table(APP, tableId).records.size).toBe(5);
    third.engine.stop();
  });

  it('a write conflict (1254291) or an unexplained record_gone backs off and retries; a refusal parks the rows until they change', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    const [todo] = addMany(1);
    base.refuseNextWrite(400, 1254291, 'Write conflict');
    await harness.drain();
    expect(base.rowsById(APP, tableId).size).toBe(1);
    expect(base.writes()).toHaveLength(2);
    // The Base says a record is gone, but the reconciler finds every record: back off rather than loop.
    unwrap(claimTodo(app.deps, asAgent('a1'), todo!.id));
    base.refuseNextWrite(400, 1254043, 'RecordIdNotFound');
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(todo!.id)?.fields.Lane).toBe('Claimed');
    expect(base.writes().filter((c) => c.path.endsWith('/batch_update'))).toHaveLength(2);
    // A permission refusal parks the row; its next change sends it.
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Later' }));
    base.refuseNextWrite(403, 1254302, 'The role has no permissions');
    await harness.drain();
    expect(baseRowCounts(app.deps.store)).toEqual({ pending: 0, dead: 1 });
    expect(base.rowsById(APP, tableId).size).toBe(1);
  });

  it('an agent reporting moves its claimed rows to Running, touching no other row', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    const [mine, other] = addMany(2);
    unwrap(claimTodo(app.deps, asAgent('a1'), mine!.id));
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(mine!.id)?.fields.Lane).toBe('Claimed');
    const writes = base.writes().length;
    app.clock.advance(1000);
    unwrap(recordHeartbeat(app.deps, asAgent('a1'), 'demo', { note: 'working' }));
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(mine!.id)?.fields.Lane).toBe('Running');
    const update = base.writes().slice(writes);
    expect(update).toHaveLength(1);
    expect(update[0]?.body.records.map((r: { fields: Record<string, unknown> }) => r.fields['LoopX id'])).toEqual([mine!.id]);
    expect(base.rowsById(APP, tableId).get(other!.id)?.fields.Lane).toBe('Todo');
  });

  it('two goals bound to one table share it: each row says its goal', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    unwrap(addGoal(app.deps, operator, { id: 'ops', title: 'Ops goal', objective: 'Keep it running', owners: ['ana'], timezone: 'UTC' }));
    unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'ops', target: `${APP}/${tableId}` }));
    const [demoTodo] = addMany(1);
    const opsTodo = unwrap(addTodo(app.deps, operator, 'ops', { text: 'Rotate the keys' })).todo;
    await harness.drain();
    const rows = base.rowsById(APP, tableId);
    expect(rows.size).toBe(2);
    expect(text(rows.get(demoTodo!.id)?.fields.Goal)).toBe('Demo goal');
    expect(text(rows.get(opsTodo.id)?.fields.Goal)).toBe('Ops goal');
  });
});
