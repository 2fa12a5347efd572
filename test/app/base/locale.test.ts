import { beforeEach, describe, expect, it } from 'vitest';
import { bindGoalToBase } from '../../../src/app/base/index.js';
import { addMember } from '../../../src/app/goals.js';
import { addPerson, linkPerson } from '../../../src/app/people.js';
import { addTodo, completeTodo, supersedeTodo } from '../../../src/app/todos.js';
import { listLarkBases } from '../../../src/store/base-rows.js';
import { findTodo } from '../../../src/store/todos.js';
import type { FakeBase } from '../../helpers/lark-base.js';
import { startBaseHarness, useFakeBase, type BaseHarness } from '../../helpers/lark-base-harness.js';
import { operator, unwrap, type TestApp } from '../../helpers/test-app.js';

// A Chinese Feishu operator opening the Kanban meets no English word but what people typed (issue 16).

const APP = 'bascnLoopxZh0001';
const ZH_FIELDS = ['标题', '目标', '状态', '优先级', '任务类型', '代理', '租约到期', '审批', '等待', '最新证据', '更新时间', 'LoopX 编号'];
const ZH_LANES = ['待办', '已认领', '进行中', '评审', '受阻', '等待审批', '已完成'];
const ZH_CLASSES = ['推进', '监控', '需人处理', '阻塞'];
const ID = 'LoopX 编号';
const suite = useFakeBase();
let app: TestApp;
let base: FakeBase;
let harness: BaseHarness;
beforeEach(() => {
  ({ app, base } = suite);
  harness = startBaseHarness(app);
  base.addApp(APP, '团队看板');
});

const text = (cell: unknown) => (cell as { text: string }[] | undefined)?.[0]?.text;
/** A word of Latin letters that is not the product's name or a priority code (P0…P4). */
const english = (s: string) => s.replace(/LoopX|\bP\d\b/g, '').match(/[A-Za-z]{2,}/);

async function bindZh(target = APP): Promise<string> {
  return unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target, locale: 'zh-CN' })).tableId;
}

describe('a Base bound with --locale zh-CN speaks Chinese', () => {
  it('creates "LoopX 待办" with Chinese fields, lane and task class options and views, and stores the locale', async () => {
    const tableId = await bindZh();
    const table = base.table(APP, tableId);
    expect(table.name).toBe('LoopX 待办');
    expect(table.fields.map((f) => f.field_name)).toEqual(ZH_FIELDS);
    expect(table.fields.find((f) => f.field_name === '状态')?.property?.options?.map((o) => o.name)).toEqual(ZH_LANES);
    expect(table.fields.find((f) => f.field_name === '任务类型')?.property?.options?.map((o) => o.name)).toEqual(ZH_CLASSES);
    expect(table.views.map((v) => v.view_name)).toEqual(['全部待办', 'LoopX 看板', '需要你处理']);
    const lane = table.fields.find((f) => f.field_name === '状态')!;
    const userGate = lane.property?.options?.find((o) => o.name === '等待审批')?.id;
    expect(table.views[2]?.property.filter_info).toMatchObject({ conditions: [{ field_id: lane.field_id, operator: 'is', value: JSON.stringify([userGate]) }, { operator: 'isNotEmpty' }] });
    const names = [table.name, ...table.fields.flatMap((f) => [f.field_name, ...(f.property?.options ?? []).map((o) => o.name)]), ...table.views.map((v) => v.view_name)];
    expect(names.filter(english)).toEqual([]);
    expect(listLarkBases(app.deps.store, 'demo')).toMatchObject([{ table_id: tableId, locale: 'zh-CN' }]);
  });

  it('writes rows in Chinese: the lane, the task class, what replaced a todo, the evidence link', async () => {
    const tableId = await bindZh();
    const old = unwrap(addTodo(app.deps, operator, 'demo', { text: '写周报' })).todo;
    await harness.drain();
    const replaced = unwrap(supersedeTodo(app.deps, operator, old.id, { text: '写月报' }));
    unwrap(completeTodo(app.deps, operator, replaced.replacement.id, { successors: [], noFollowup: 'shipped', evidence: { kind: 'build', summary: 'Green build', url: 'https://ci.example/runs/7' } }));
    unwrap(addPerson(app.deps, operator, { id: 'bo', name: '薄一', timezone: 'Asia/Shanghai' }));
    unwrap(addMember(app.deps, operator, 'demo', 'bo', 'approver'));
    const sign = unwrap(addTodo(app.deps, operator, 'demo', { text: '签合同', taskClass: 'user_action' })).todo;
    await harness.drain();
    const rows = base.rowsById(APP, tableId, ID);
    expect(text(rows.get(sign.id)?.fields['等待'])).toBe('Ana、薄一');
    expect(rows.get(old.id)?.fields['状态']).toBe('已完成');
    expect(text(rows.get(old.id)?.fields['等待'])).toBe('已被“写月报”取代');
    expect(rows.get(replaced.replacement.id)?.fields).toMatchObject({ 状态: '已完成', 任务类型: '推进', 最新证据: { text: '证据', link: 'https://ci.example/runs/7' } });
    expect(rows.get(sign.id)?.fields).toMatchObject({ 状态: '等待审批', 任务类型: '需人处理' });
    for (const row of rows.values()) expect(Object.keys(row.fields).filter(english)).toEqual([]);
  });

  it('a user action moved to 已完成 by a person it waits on completes it; any other move is moved back', async () => {
    const tableId = await bindZh();
    unwrap(linkPerson(app.deps, operator, 'ana', 'lark', 'tenant1:ou_ana'));
    const sign = unwrap(addTodo(app.deps, operator, 'demo', { text: '签合同', taskClass: 'user_action' })).todo;
    const other = unwrap(addTodo(app.deps, operator, 'demo', { text: '别的事' })).todo;
    await harness.drain();
    const rows = base.rowsById(APP, tableId, ID);
    base.editByHand(APP, tableId, rows.get(sign.id)!.recordId, { 状态: '已完成' }, 'ou_ana');
    base.editByHand(APP, tableId, rows.get(other.id)!.recordId, { 状态: '评审' }, 'ou_ana');
    const [report] = await harness.engine.reconcile();
    await harness.drain();
    expect(report).toEqual({ restored: 0, reverted: 1, accepted: 1 });
    expect(findTodo(app.deps.store, sign.id)?.status).toBe('done');
    expect(base.rowsById(APP, tableId, ID).get(other.id)?.fields['状态']).toBe('待办');
  });

  it('the reconciler puts back a Chinese field deleted by hand, under its Chinese name', async () => {
    const tableId = await bindZh();
    unwrap(addTodo(app.deps, operator, 'demo', { text: '写周报' }));
    await harness.drain();
    const table = base.table(APP, tableId);
    table.fields.splice(table.fields.findIndex((f) => f.field_name === '等待'), 1);
    await harness.engine.reconcile();
    expect(table.fields.map((f) => f.field_name)).toEqual([...ZH_FIELDS.filter((f) => f !== '等待'), '等待']);
    expect(table.fields.some((f) => f.field_name === 'Waiting on')).toBe(false);
  });
});

describe('a table keeps the language it was bound with', () => {
  it('an English Base (locale en, or none given) is exactly as before', async () => {
    const tableId = unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: APP, locale: 'en' })).tableId;
    const table = base.table(APP, tableId);
    expect(table.name).toBe('LoopX todos');
    expect(table.fields.map((f) => f.field_name)).toEqual(['Title', 'Goal', 'Lane', 'Priority', 'Task class', 'Agent', 'Lease expires', 'Gate', 'Waiting on', 'Latest evidence', 'Updated', 'LoopX id']);
    expect(table.views.map((v) => v.view_name)).toEqual(['All todos', 'LoopX Kanban', 'Needs you']);
    expect(listLarkBases(app.deps.store, 'demo')).toMatchObject([{ locale: 'en' }]);
  });

  it('binding a Chinese table again in English is refused before anything is written; in Chinese it adds nothing', async () => {
    const tableId = await bindZh();
    const callsBefore = base.calls.length;
    const english = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `${APP}/${tableId}`, locale: 'en' });
    expect(english.ok ? null : english.error).toMatchObject({ code: 'invalid_request', details: { field: 'locale', table_locale: 'zh-CN' } });
    expect(english.ok ? '' : english.error.message).toContain('--locale zh-CN');
    expect(base.calls.length).toBe(callsBefore);
    const again = unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `${APP}/${tableId}`, locale: 'zh-CN' }));
    expect([again.addedFields, again.addedViews]).toEqual([[], []]);
  });

  it('binding a bound table again without --locale keeps its language, even where the default is the other one', async () => {
    const tableId = await bindZh();
    const again = unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `${APP}/${tableId}`, defaultLocale: 'en' }));
    expect([again.locale, again.addedFields]).toEqual(['zh-CN', []]);
  });

  it('a table bound before tables had a language (locale null) stays English, on Feishu too', async () => {
    const tableId = unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: APP })).tableId;
    app.deps.store.run(app.deps.store.kysely.updateTable('lark_bases').set({ locale: null }));
    const todo = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the report', taskClass: 'user_action' })).todo;
    await harness.drain();
    expect(base.rowsById(APP, tableId).get(todo.id)?.fields).toMatchObject({ Lane: 'User Gate', 'Task class': 'User action' });
    const again = unwrap(await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `${APP}/${tableId}`, defaultLocale: 'zh-CN' }));
    expect([again.locale, again.addedFields, again.addedViews]).toEqual(['en', [], []]);
  });

  it('refuses a locale LoopX does not speak', async () => {
    const refused = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: APP, locale: 'fr' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'invalid_request', details: { field: 'locale' } });
    expect(base.calls).toEqual([]);
  });
});
