import { beforeEach, describe, expect, it } from 'vitest';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { addTodo } from '../../../src/app/todos.js';
import { findTodo } from '../../../src/store/todos.js';
import { baseRowCounts } from '../../../src/store/base-rows.js';
import { listEvents } from '../../../src/store/events.js';
import type { FakeBase } from '../../helpers/lark-base.js';
import { bindFreshBase, startBaseHarness, useFakeBase, type BaseHarness } from '../../helpers/lark-base-harness.js';
import { operator, unwrap, type TestApp } from '../../helpers/test-app.js';

const APP = 'bascnLoopxTest01';
const suite = useFakeBase();
let app: TestApp;
let base: FakeBase;
let harness: BaseHarness;
let tableId: string;
beforeEach(async () => {
  ({ app, base } = suite);
  harness = startBaseHarness(app);
  tableId = await bindFreshBase(app, base, harness);
});

const eventsOf = (type: string) => listEvents(app.deps.store).filter((e) => e.type === type).map((e) => JSON.parse(e.payload));

describe('the reconciler repairs drift; a person\'s edit is a request, not truth', () => {
  it('a lane moved by hand is moved back, with an audit event naming the row and field', async () => {
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the report' })).todo;
    await harness.drain();
    const row = base.rowsById(APP, tableId).get(todo.id)!;
    base.editByHand(APP, tableId, row.recordId, { Lane: 'Done', Priority: 'P0' }, 'ou_stranger');
    await harness.engine.reconcile();
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(todo.id)?.fields).toMatchObject({ Lane: 'Todo', Priority: 'P2' });
    expect(eventsOf('base.row_reverted')).toEqual([{ app_token: APP, table_id: tableId, count: 1, rows: [{ todo_id: todo.id, title: 'Write the report', fields: ['Lane', 'Priority'] }] }]);
    expect(findTodo(app.deps.store, todo.id)?.status).toBe('open');
  });

  it('a row deleted by hand is created again, with an audit event; a user\'s own rows and fields are left alone', async () => {
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Ship it' })).todo;
    await harness.drain();
    const table = base.table(APP, tableId);
    table.fields.push({ field_id: 'fldMine', field_name: 'Notes', type: 1, is_primary: false, property: null });
    table.records.set('recMine', { fields: { Title: [{ type: 'text', text: 'My own row' }] }, lastModifiedBy: 'ou_ana' });
    base.editByHand(APP, tableId, base.rowsById(APP, tableId).get(todo.id)!.recordId, { Notes: 'mine' }, 'ou_ana');
    const calm = await harness.engine.reconcile();
    expect(calm).toEqual([{ restored: 0, reverted: 0, accepted: 0 }]);
    base.deleteByHand(APP, tableId, base.rowsById(APP, tableId).get(todo.id)!.recordId);
    await harness.engine.reconcile();
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(todo.id)?.fields.Lane).toBe('Todo');
    expect(table.records.get('recMine')?.fields).toEqual({ Title: [{ type: 'text', text: 'My own row' }] });
    expect(table.records.size).toBe(2);
    expect(eventsOf('base.row_restored')).toMatchObject([{ count: 1, rows: [{ todo_id: todo.id, title: 'Ship it' }] }]);
  });

  it('an update that finds its record deleted restores the row at once', async () => {
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Fix the bug', priority: 'P3' })).todo;
    await harness.drain();
    base.deleteByHand(APP, tableId, base.rowsById(APP, tableId).get(todo.id)!.recordId);
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Another' }));
    const priority = app.deps.store.kysely.updateTable('todos').set({ priority: 'P1' }).where('id', '=', todo.id);
    app.deps.store.run(priority);
    await harness.engine.reconcile();
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(todo.id)?.fields.Priority).toBe('P1');
    expect(eventsOf('base.row_restored')).toHaveLength(1);
  });

  it('a user action moved to Done by a person it waits on completes it; by anyone else it is moved back', async () => {
    unwrap(linkPerson(app.deps, operator, 'ana', 'lark', 'tenant1:ou_ana'));
    unwrap(addPerson(app.deps, operator, { id: 'bo', name: 'Bo', timezone: 'UTC' }));
    unwrap(linkPerson(app.deps, operator, 'bo', 'lark', 'tenant1:ou_bo'));
    const sign = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    const pay = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Pay the invoice', taskClass: 'user_action' })).todo;
    await harness.drain();
    const rows = base.rowsById(APP, tableId);
    expect(rows.get(sign.id)?.fields.Lane).toBe('User Gate');
    base.editByHand(APP, tableId, rows.get(sign.id)!.recordId, { Lane: 'Done' }, 'ou_ana');
    base.editByHand(APP, tableId, rows.get(pay.id)!.recordId, { Lane: 'Done' }, 'ou_bo');
    const [report] = await harness.engine.reconcile();
    await harness.drain();
    expect(report).toEqual({ restored: 0, reverted: 1, accepted: 1 });
    expect(findTodo(app.deps.store, sign.id)?.status).toBe('done');
    expect(findTodo(app.deps.store, pay.id)?.status).toBe('open');
    const after = base.rowsById(APP, tableId);
    expect(after.get(sign.id)?.fields.Lane).toBe('Done');
    expect(after.get(pay.id)?.fields.Lane).toBe('User Gate');
    expect(listEvents(app.deps.store).find((e) => e.type === 'todo.completed')?.actor).toBe('person:ana');
  });
});

describe('a LoopX field deleted by hand', () => {
  it('parks the rows its writes refuse (1254045), and the reconciler adds the field back and sends them', async () => {
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Ship it' })).todo;
    await harness.drain();
    const table = base.table(APP, tableId);
    table.fields.splice(table.fields.findIndex((f) => f.field_name === 'Waiting on'), 1);
    app.deps.store.run(app.deps.store.kysely.updateTable('todos').set({ priority: 'P0' }).where('id', '=', todo.id));
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Another' }));
    harness.engine.projector.refresh();
    await harness.drain();
    expect(baseRowCounts(app.deps.store)).toEqual({ pending: 0, dead: 2 });
    await harness.engine.reconcile();
    await harness.drain();
    expect(table.fields.map((f) => f.field_name)).toContain('Waiting on');
    expect(base.rowsById(APP, tableId).get(todo.id)?.fields.Priority).toBe('P0');
    expect(base.rowsById(APP, tableId).size).toBe(2);
    expect(baseRowCounts(app.deps.store)).toEqual({ pending: 0, dead: 0 });
    expect(eventsOf('base.fields_restored')).toEqual([{ app_token: APP, table_id: tableId, fields: ['Waiting on'] }]);
  });
});

describe('Base change events', () => {
  it('a change event makes LoopX read just the named records once the table is quiet, and answer the move', async () => {
    unwrap(linkPerson(app.deps, operator, 'ana', 'lark', 'tenant1:ou_ana'));
    const sign = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo;
    const other = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Other work' })).todo;
    await harness.drain();
    const rows = base.rowsById(APP, tableId);
    base.editByHand(APP, tableId, rows.get(sign.id)!.recordId, { Lane: 'Done' }, 'ou_ana');
    base.editByHand(APP, tableId, rows.get(other.id)!.recordId, { Lane: 'Review' }, 'ou_ana');
    const callsBefore = base.calls.length;
    harness.engine.recordsChanged({ appToken: APP, tableId }, [rows.get(sign.id)!.recordId]);
    harness.engine.recordsChanged({ appToken: APP, tableId }, [rows.get(other.id)!.recordId]);
    harness.engine.recordsChanged({ appToken: 'bascnNotBound001', tableId: 'tblOther' }, ['recX']);
    expect(base.calls.length).toBe(callsBefore);
    // The two events coalesce into one read of the two records, when the settle timer fires.
    expect(harness.scheduler.runAll()).toBe(1);
    await harness.drain();
    const reads = base.calls.slice(callsBefore).filter((c) => c.path.includes('/records'));
    expect(reads[0]?.path).toMatch(/\/records\/batch_get$/);
    expect([...reads[0]!.body.record_ids].sort()).toEqual([rows.get(sign.id)!.recordId, rows.get(other.id)!.recordId].sort());
    expect(base.calls.slice(callsBefore).some((c) => c.path.endsWith('/records/search'))).toBe(false);
    expect(findTodo(app.deps.store, sign.id)?.status).toBe('done');
    expect(base.rowsById(APP, tableId).get(other.id)?.fields.Lane).toBe('Todo');
  });
});
