import { beforeEach, describe, expect, it } from 'vitest';
import { bindGoalToBase, BASE_FIELDS } from '../../../src/app/base/index.js';
import { LANE_LABELS, LANES } from '../../../src/kernel/lanes.js';
import { listLarkBases } from '../../../src/store/base-rows.js';
import { listEvents } from '../../../src/store/events.js';
import type { FakeBase } from '../../helpers/lark-base.js';
import { bindFreshBase, startBaseHarness, useFakeBase } from '../../helpers/lark-base-harness.js';
import { operator, type TestApp } from '../../helpers/test-app.js';

const suite = useFakeBase();
let app: TestApp;
let base: FakeBase;
beforeEach(() => {
  ({ app, base } = suite);
});

describe('loopx goal bind --lark-base', () => {
  it('without a table id creates the table with every field, the lanes in order with colours, a Kanban and a "Needs you" view', async () => {
    const harness = startBaseHarness(app);
    const tableId = await bindFreshBase(app, base, harness);
    const table = base.table('bascnLoopxTest01', tableId);
    expect(table.fields.map((f) => f.field_name)).toEqual(BASE_FIELDS.map((f) => f.name));
    expect(table.fields[0]).toMatchObject({ field_name: 'Title', is_primary: true, type: 1 });
    const lane = table.fields.find((f) => f.field_name === 'Lane')!;
    expect(lane.type).toBe(3);
    expect(lane.property?.options?.map((o) => o.name)).toEqual(LANES.map((l) => LANE_LABELS[l]));
    expect(new Set(lane.property?.options?.map((o) => o.color)).size).toBe(7);
    // Lane is the first single-select field, which is what a new Kanban view groups by.
    expect(table.fields.find((f) => f.type === 3)?.field_name).toBe('Lane');
    const loopxId = table.fields.find((f) => f.field_name === 'LoopX id')!.field_id;
    const kanban = table.views.find((v) => v.view_name === 'LoopX Kanban')!;
    expect(kanban.view_type).toBe('kanban');
    expect(kanban.property.hidden_fields).toEqual([loopxId]);
    const needsYou = table.views.find((v) => v.view_name === 'Needs you')!;
    const userGate = lane.property?.options?.find((o) => o.name === 'User Gate')?.id;
    expect(needsYou.property.filter_info).toEqual({
      conjunction: 'or',
      conditions: [
        { field_id: lane.field_id, operator: 'is', value: JSON.stringify([userGate]) },
        { field_id: table.fields.find((f) => f.field_name === 'Gate')!.field_id, operator: 'isNotEmpty' },
      ],
    });
    expect(listLarkBases(app.deps.store, 'demo')).toMatchObject([{ app_token: 'bascnLoopxTest01', table_id: tableId, name: 'Team board' }]);
    expect(listEvents(app.deps.store).some((e) => e.type === 'base.bound')).toBe(true);
  });

  it('with a table id adds only the missing fields and views, keeping a user\'s own fields, views and rows', async () => {
    base.addApp('bascnOwnTable01', 'Ops');
    const tableId = base.addTable('bascnOwnTable01', 'Work', [{ name: 'Title', type: 1 }, { name: 'Notes', type: 1 }, { name: 'Lane', type: 3 }]);
    base.table('bascnOwnTable01', tableId).views.push({ view_id: 'vewMine', view_name: 'My view', view_type: 'grid', property: { hidden_fields: [] } });
    const harness = startBaseHarness(app);
    const bound = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `bascnOwnTable01/${tableId}` });
    expect(bound.ok && bound.value.addedFields).toEqual(BASE_FIELDS.map((f) => f.name).filter((n) => !['Title', 'Lane'].includes(n)));
    const table = base.table('bascnOwnTable01', tableId);
    expect(table.fields.map((f) => f.field_name)).toContain('Notes');
    expect(table.views.map((v) => v.view_name)).toEqual(['Grid', 'My view', 'LoopX Kanban', 'Needs you']);
    expect(table.views[1]?.property).toEqual({ hidden_fields: [] });
    // Binding again finds everything in place and adds nothing.
    const again = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: `bascnOwnTable01/${tableId}` });
    expect(again.ok && again.value.addedFields).toEqual([]);
    expect(again.ok && again.value.addedViews).toEqual([]);
    // Record change events are asked for, so a card moved by hand is answered within seconds.
    expect(again.ok && again.value.changeEvents).toBe(true);
    const subscribe = suite.lark.calls.find((c) => c.method === 'POST' && c.path === '/open-apis/drive/v1/files/bascnOwnTable01/subscribe');
    expect(subscribe?.query.get('file_type')).toBe('bitable');
  });

  it('refuses a malformed target, an unknown goal and a Base the app cannot open, storing nothing', async () => {
    const harness = startBaseHarness(app);
    const malformed = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: 'https://x/base/abc' });
    expect(malformed.ok ? null : malformed.error.code).toBe('invalid_request');
    const noGoal = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'nope', target: 'bascnLoopxTest01' });
    expect(noGoal.ok ? null : noGoal.error.code).toBe('not_found');
    base.addApp('bascnNoAccess01', 'Private', false);
    const refused = await bindGoalToBase(app.deps, operator, harness.api, { goalId: 'demo', target: 'bascnNoAccess01' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'base_setup_failed', details: { code: 1254302 } });
    expect(refused.ok ? '' : refused.error.message).toContain('Add document app');
    expect(listLarkBases(app.deps.store)).toEqual([]);
    expect(base.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
