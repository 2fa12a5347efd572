import { baseLocaleOf, baseSchema, schemaGaps } from '../../../src/app/base/index.js';
import { translator, type Translator } from '../../../cards/i18n/index.js';
import type { LarkCheck } from '../doctor.js';
import type { LarkBaseApi } from './api.js';

/** A bound Base table, as doctor names it. */
export interface BoundBase {
  readonly goalId: string;
  readonly appToken: string;
  readonly tableId: string;
  readonly name: string;
  /** The language the table was bound in (its LoopX field names); null or absent: English. */
  readonly locale?: string | null;
}

/** The scope LoopX needs to read and write Bases (granular `base:*` scopes are accepted too, as Lark now offers them). */
export const BASE_SCOPE = 'bitable:app';

async function scopeCheck(api: LarkBaseApi, tr: Translator): Promise<LarkCheck> {
  const scopes = await api.grantedScopes();
  const name = tr.t('doctor.name.larkBaseScope');
  const scope = BASE_SCOPE;
  if (!scopes.ok) return { name, ok: false, detail: tr.t('doctor.base.scope.unreadable', { why: scopes.reason }), fix: tr.t('doctor.base.scope.unreadableFix', { scope }) };
  if (scopes.data.includes(BASE_SCOPE) || scopes.data.some((s) => s.startsWith('base:record'))) return { name, ok: true, detail: tr.t('doctor.base.scope.ok', { scope }) };
  return { name, ok: false, detail: tr.t('doctor.base.scope.missing', { scope }), fix: tr.t('doctor.base.scope.fix', { scope }) };
}

async function tableCheck(api: LarkBaseApi, bound: BoundBase, tr: Translator): Promise<LarkCheck> {
  const name = tr.t('doctor.name.larkBaseTable', { name: bound.name, goal: bound.goalId });
  const addApp = tr.t('doctor.base.addApp');
  const where = { goal: bound.goalId, app: bound.appToken, table: bound.tableId };
  const opened = await api.getApp(bound.appToken);
  if (!opened.ok) return { name, ok: false, detail: tr.t('doctor.base.table.cannotOpen', { why: opened.reason }), fix: addApp };
  const fields = await api.listFields(bound.appToken, bound.tableId);
  if (!fields.ok) return { name, ok: false, detail: tr.t('doctor.base.table.cannotRead', { table: bound.tableId, why: fields.reason }), fix: tr.t('doctor.base.table.recreate', { addApp, ...where }) };
  const gaps = schemaGaps(baseSchema(baseLocaleOf(bound.locale)), fields.data);
  if (gaps.missing.length === 0 && gaps.wrongType.length === 0) return { name, ok: true, detail: tr.t('doctor.base.table.ok', where) };
  const problems = [
    ...(gaps.missing.length > 0 ? [tr.t('doctor.base.table.missing', { fields: gaps.missing.map((f) => f.name).join(', ') })] : []),
    ...(gaps.wrongType.length > 0 ? [tr.t('doctor.base.table.wrongType', { fields: gaps.wrongType.join(', ') })] : []),
  ];
  return { name, ok: false, detail: tr.t('doctor.base.table.gaps', { table: bound.tableId, problems: problems.join('; ') }), fix: tr.t('doctor.base.table.fix', where) };
}

/** The Base part of `loopx doctor`: the scope, then for each bound table that the app can open it and its field schema. */
export async function larkBaseDoctorChecks(api: LarkBaseApi, bases: readonly BoundBase[], tr: Translator = translator('en')): Promise<LarkCheck[]> {
  if (bases.length === 0) return [{ name: tr.t('doctor.name.larkBase'), ok: true, detail: tr.t('doctor.base.none') }];
  const checks = [await scopeCheck(api, tr)];
  for (const bound of bases) checks.push(await tableCheck(api, bound, tr));
  return checks;
}
