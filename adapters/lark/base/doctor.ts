import { schemaGaps, type BaseFailure } from '../../../src/app/base/index.js';
import type { LarkCheck } from '../doctor.js';
import type { LarkBaseApi } from './api.js';

/** A bound Base table, as doctor names it. */
export interface BoundBase {
  readonly goalId: string;
  readonly appToken: string;
  readonly tableId: string;
  readonly name: string;
}

/** The scope LoopX needs to read and write Bases (granular `base:*` scopes are accepted too, as Lark now offers them). */
export const BASE_SCOPE = 'bitable:app';

const why = (failure: BaseFailure) => failure.reason;
const ADD_APP = 'in the Base click "..." (top right) > "Add document app" (更多 > 添加文档应用), add the LoopX app and give it edit rights';

async function scopeCheck(api: LarkBaseApi): Promise<LarkCheck> {
  const scopes = await api.grantedScopes();
  if (!scopes.ok) return { name: 'lark base scope', ok: false, detail: `could not read the app's scopes (${why(scopes)})`, fix: `check Permissions & Scopes in the developer console by hand: ${BASE_SCOPE} must be granted` };
  if (scopes.data.includes(BASE_SCOPE) || scopes.data.some((s) => s.startsWith('base:record'))) return { name: 'lark base scope', ok: true, detail: `${BASE_SCOPE} granted` };
  return { name: 'lark base scope', ok: false, detail: `${BASE_SCOPE} is not granted, so LoopX cannot write Base rows`, fix: `in the developer console open Permissions & Scopes, add ${BASE_SCOPE} (查看、评论、编辑和管理多维表格), then publish a new app version` };
}

async function tableCheck(api: LarkBaseApi, bound: BoundBase): Promise<LarkCheck> {
  const name = `lark base "${bound.name}" (${bound.goalId})`;
  const opened = await api.getApp(bound.appToken);
  if (!opened.ok) return { name, ok: false, detail: `the app cannot open the Base (${why(opened)})`, fix: ADD_APP };
  const fields = await api.listFields(bound.appToken, bound.tableId);
  if (!fields.ok) return { name, ok: false, detail: `the app cannot read table ${bound.tableId} (${why(fields)})`, fix: `${ADD_APP}; if the table was deleted, run \`loopx goal bind ${bound.goalId} --lark-base ${bound.appToken}\` to create a new one` };
  const gaps = schemaGaps(fields.data);
  if (gaps.missing.length === 0 && gaps.wrongType.length === 0) return { name, ok: true, detail: `table ${bound.tableId} has every LoopX field` };
  const problems = [...(gaps.missing.length > 0 ? [`missing: ${gaps.missing.map((f) => f.name).join(', ')}`] : []), ...(gaps.wrongType.length > 0 ? [`another type: ${gaps.wrongType.join(', ')}`] : [])];
  return {
    name,
    ok: false,
    detail: `table ${bound.tableId} fields ${problems.join('; ')}`,
    fix: `rename any field of another type, then run \`loopx goal bind ${bound.goalId} --lark-base ${bound.appToken}/${bound.tableId}\` to add what is missing`,
  };
}

/** The Base part of `loopx doctor`: the scope, then for each bound table that the app can open it and its field schema. */
export async function larkBaseDoctorChecks(api: LarkBaseApi, bases: readonly BoundBase[]): Promise<LarkCheck[]> {
  if (bases.length === 0) return [{ name: 'lark base', ok: true, detail: 'no goal is bound to a Lark Base (`loopx goal bind <goal> --lark-base <app_token>`)' }];
  const checks = [await scopeCheck(api)];
  for (const bound of bases) checks.push(await tableCheck(api, bound));
  return checks;
}
