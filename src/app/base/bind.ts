import { fail, type KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import { upsertLarkBase } from '../../store/base-rows.js';
import type { AppDeps } from '../deps.js';
import { requireGoal } from '../lookup.js';
import { must, runWrite, type WriteOrigin } from '../write.js';
import type { BaseApi } from './port.js';
import { setUpBaseTable, type BaseSetup } from './setup.js';

/** A Base and optionally one of its tables, as `--lark-base <app_token>[/<table_id>]` names them. */
export interface BaseTarget {
  readonly appToken: string;
  readonly tableId: string | null;
}

const APP_TOKEN = /^[A-Za-z0-9]{8,64}$/;
const TABLE_ID = /^tbl[A-Za-z0-9]{4,}$/;

/** Reads `<app_token>[/<table_id>]`, refusing anything else with where to find the two. */
export function parseBaseTarget(text: string): Result<BaseTarget, KernelError> {
  const [appToken = '', tableId, ...rest] = text.trim().split('/');
  const where = 'Open the Base in a browser: the app token is the part after /base/ and the table id is the tbl… value of "table=" (https://…/base/<app_token>?table=<table_id>).';
  if (rest.length > 0 || !APP_TOKEN.test(appToken)) return fail('invalid_request', `"${text}" is not <app_token>[/<table_id>]. ${where}`, { field: 'lark_base' });
  if (tableId !== undefined && !TABLE_ID.test(tableId)) return fail('invalid_request', `"${tableId}" is not a table id (like tblAbc123). ${where}`, { field: 'lark_base' });
  return ok({ appToken, tableId: tableId ?? null });
}

/** What binding did: the goal, the table and what set-up added. */
export interface BaseBinding extends BaseSetup {
  readonly goalId: string;
  readonly appToken: string;
}

/**
 * Binds a goal to a Base table: checks the goal, sets the table up (creating it, or adding missing LoopX fields
 * and views), then records the binding in one write whose `base.bound` event makes the projector fill the table.
 */
export async function bindGoalToBase(deps: AppDeps, origin: WriteOrigin, api: BaseApi, input: { goalId: string; target: string }): Promise<Result<BaseBinding, KernelError>> {
  const goal = requireGoal(deps.store, input.goalId);
  if (!goal.ok) return goal;
  const target = parseBaseTarget(input.target);
  if (!target.ok) return target;
  const setup = await setUpBaseTable(api, target.value.appToken, target.value.tableId);
  if (!setup.ok) return setup;
  const { tableId, baseName } = setup.value;
  return runWrite(deps, { ...origin, command: 'goal.bind_base', request: input }, (ctx) => {
    const bound = must(requireGoal(ctx.store, input.goalId));
    upsertLarkBase(ctx.store, { goalId: bound.id, appToken: target.value.appToken, tableId, name: baseName }, ctx.at);
    ctx.event({ goalId: bound.id, type: 'base.bound', payload: { app_token: target.value.appToken, table_id: tableId, created_table: setup.value.createdTable, added_fields: setup.value.addedFields, added_views: setup.value.addedViews } });
    return ok({ ...setup.value, goalId: bound.id, appToken: target.value.appToken });
  });
}
