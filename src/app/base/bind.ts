import { fail, type KernelError } from '../../kernel/errors.js';
import { isLocale, localeRefused, type Locale } from '../../kernel/locale.js';
import { ok, type Result } from '../../kernel/result.js';
import { baseTableLocale, upsertLarkBase } from '../../store/base-rows.js';
import type { Store } from '../../store/db.js';
import type { AppDeps } from '../deps.js';
import { requireGoal } from '../lookup.js';
import { must, runWrite, type WriteOrigin } from '../write.js';
import type { BaseApi } from './port.js';
import { baseLocaleOf, baseSchema } from './schema.js';
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

/** What binding did: the goal, the table, its language and what set-up added. */
export interface BaseBinding extends BaseSetup {
  readonly goalId: string;
  readonly appToken: string;
  readonly locale: Locale;
}

/** What to bind: a goal, `<app_token>[/<table_id>]`, and the language asked for (`locale`) or else `defaultLocale`. */
export interface BaseBindInput {
  readonly goalId: string;
  readonly target: string;
  readonly locale?: string | undefined;
  /** The language when none is asked for and the table is not bound yet (English when absent). */
  readonly defaultLocale?: Locale | undefined;
}

/**
 * The language to bind in: the one asked for; else a bound table's own; else the default. Refused when LoopX does
 * not speak it, or when the table is already bound in the other language (its fields carry that language's names;
 * a second set would be a twin).
 */
function bindingLocale(store: Store, target: BaseTarget, input: Pick<BaseBindInput, 'locale' | 'defaultLocale'>): Result<Locale, KernelError> {
  const stored = target.tableId === null ? undefined : baseTableLocale(store, { appToken: target.appToken, tableId: target.tableId });
  const wanted = input.locale ?? (stored !== undefined ? baseLocaleOf(stored) : (input.defaultLocale ?? 'en'));
  if (!isLocale(wanted)) return localeRefused(wanted);
  if (stored === undefined || baseLocaleOf(stored) === wanted) return ok(wanted);
  const has = baseLocaleOf(stored);
  return fail('invalid_request', `Table ${target.tableId} is already bound in ${has}: its LoopX fields have ${has} names. Bind it with --locale ${has}, or leave out the table id to create a new table in ${wanted}.`, { field: 'locale', table_locale: has });
}

/**
 * Binds a goal to a Base table in a language: checks the goal and the language, sets the table up (creating it,
 * or adding missing LoopX fields and views, named in that language), then records the binding in one write whose
 * `base.bound` event makes the projector fill the table.
 */
export async function bindGoalToBase(deps: AppDeps, origin: WriteOrigin, api: BaseApi, input: BaseBindInput): Promise<Result<BaseBinding, KernelError>> {
  const goal = requireGoal(deps.store, input.goalId);
  if (!goal.ok) return goal;
  const target = parseBaseTarget(input.target);
  if (!target.ok) return target;
  const locale = bindingLocale(deps.store, target.value, input);
  if (!locale.ok) return locale;
  const setup = await setUpBaseTable(api, baseSchema(locale.value), target.value.appToken, target.value.tableId);
  if (!setup.ok) return setup;
  const { tableId, baseName } = setup.value;
  return runWrite(deps, { ...origin, command: 'goal.bind_base', request: input }, (ctx) => {
    const bound = must(requireGoal(ctx.store, input.goalId));
    // Checked again in the write: another bind of this table may have landed while the Base was set up.
    must(bindingLocale(ctx.store, { appToken: target.value.appToken, tableId }, { locale: locale.value }));
    upsertLarkBase(ctx.store, { goalId: bound.id, appToken: target.value.appToken, tableId, name: baseName, locale: locale.value }, ctx.at);
    ctx.event({ goalId: bound.id, type: 'base.bound', payload: { app_token: target.value.appToken, table_id: tableId, locale: locale.value, created_table: setup.value.createdTable, added_fields: setup.value.addedFields, added_views: setup.value.addedViews } });
    return ok({ ...setup.value, goalId: bound.id, appToken: target.value.appToken, locale: locale.value });
  });
}
