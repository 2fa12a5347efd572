import type { BaseApi, BaseFailure, BaseField, BaseFieldSpec, BaseRecord, BaseReply } from '../../../src/app/base/index.js';
import { BASE_PAGE_SIZE } from '../../../src/app/base/index.js';
import { call, createLarkClient, type LarkAppOptions, type LarkReply } from '../sdk.js';

// The Base port on the official SDK's `bitable.v1` app / appTable / appTableField / appTableView / appTableRecord.

/** Lark codes (https://open.feishu.cn/document/server-docs/docs/bitable-v1/bitable-overview, error codes). */
const RATE_LIMITED = new Set([99991400, 1254290]);
const RECORD_GONE = new Set([1254043]);
/** Worth retrying: a concurrent write to the table, a timeout, a server-side error. */
const RETRYABLE = new Set([1254291, 1254607, 1255001, 1255002, 1255003, 1255004, 1255040]);

/** Classifies a failed Lark reply for the sender. */
export function baseFailureOf(reply: Extract<LarkReply<unknown>, { ok: false }>): BaseFailure {
  const reason = `${reply.code ?? reply.httpStatus ?? 'network error'}: ${reply.message}`;
  if (reply.httpStatus === 429 || (reply.code !== null && RATE_LIMITED.has(reply.code))) return { kind: 'rate_limited', retryAfterMs: Math.max(1, reply.resetSeconds ?? 1) * 1000, reason };
  if (reply.code !== null && RECORD_GONE.has(reply.code)) return { kind: 'record_gone', reason };
  const retry = reply.httpStatus === null || reply.httpStatus >= 500 || (reply.code !== null && RETRYABLE.has(reply.code));
  return { kind: retry ? 'failed' : 'refused', code: reply.code, reason };
}

async function base<T>(reply: Promise<LarkReply<T>>): Promise<BaseReply<T>> {
  const answer = await reply;
  return answer.ok ? answer : { ok: false, ...baseFailureOf(answer) };
}

interface SdkField {
  field_id?: string | undefined;
  field_name: string;
  type: number;
  property?: { options?: { id?: string | undefined; name?: string | undefined }[] | undefined } | null | undefined;
}

const fieldOf = (f: SdkField): BaseField => ({ fieldId: f.field_id ?? '', name: f.field_name, type: f.type, options: (f.property?.options ?? []).map((o) => ({ id: o.id ?? '', name: o.name ?? '' })) });
const specOf = (f: BaseFieldSpec) => ({ field_name: f.name, type: f.type, ...(f.options ? { property: { options: f.options.map((o) => ({ name: o.name, color: o.color })) } } : {}) });

interface SdkRecord {
  record_id?: string | undefined;
  fields: Record<string, unknown>;
  last_modified_by?: { id?: string | undefined } | undefined;
}

const recordOf = (r: SdkRecord): BaseRecord => ({ recordId: r.record_id ?? '', fields: r.fields, lastModifiedBy: r.last_modified_by?.id ?? null });

type Fields = Parameters<ReturnType<typeof createLarkClient>['bitable']['v1']['appTableRecord']['batchCreate']>[0] extends infer P ? (P extends { data: { records: Array<{ fields: infer X }> } } ? X : never) : never;

/** The Base port plus what doctor asks the app registration: the scopes it was granted. */
export interface LarkBaseApi extends BaseApi {
  grantedScopes(): Promise<BaseReply<string[]>>;
}

/** Builds the Base port on the app's SDK Client. */
export function createLarkBaseApi(options: LarkAppOptions): LarkBaseApi {
  const client = createLarkClient(options);
  const v1 = client.bitable.v1;
  const table = (appToken: string, tableId: string) => ({ app_token: appToken, table_id: tableId });
  return {
    grantedScopes: () =>
      base(call(() => client.application.v6.application.get({ path: { app_id: options.appId }, params: { lang: 'en_us' } }), (b) => (b.data?.app?.scopes ?? []).map((s) => s.scope))),
    getApp: (appToken) => base(call(() => v1.app.get({ path: { app_token: appToken } }), (b) => ({ name: b.data?.app?.name ?? '' }))),
    createTable: (appToken, name, fields, defaultView) =>
      base(call(() => v1.appTable.create({ path: { app_token: appToken }, data: { table: { name, ...(defaultView ? { default_view_name: defaultView } : {}), fields: fields.map(specOf) } } }), (b) => ({ tableId: b.data?.table_id ?? '' }))),
    listFields: (appToken, tableId) =>
      base(call(() => v1.appTableField.list({ path: table(appToken, tableId), params: { page_size: 100 } }), (b) => (b.data?.items ?? []).map((f) => fieldOf(f as SdkField)))),
    createField: (appToken, tableId, spec) =>
      base(call(() => v1.appTableField.create({ path: table(appToken, tableId), data: specOf(spec) }), (b) => fieldOf((b.data?.field ?? { field_name: spec.name, type: spec.type }) as SdkField))),
    listViews: (appToken, tableId) =>
      base(call(() => v1.appTableView.list({ path: table(appToken, tableId), params: { page_size: 100 } }), (b) => (b.data?.items ?? []).map((v) => ({ viewId: v.view_id ?? '', name: v.view_name ?? '', type: v.view_type ?? '' })))),
    createView: (appToken, tableId, name, type) =>
      base(call(() => v1.appTableView.create({ path: table(appToken, tableId), data: { view_name: name, view_type: type } }), (b) => ({ viewId: b.data?.view?.view_id ?? '', name, type }))),
    patchView: (appToken, tableId, viewId, property) =>
      base(
        call(
          () =>
            v1.appTableView.patch({
              path: { ...table(appToken, tableId), view_id: viewId },
              data: {
                property: {
                  ...(property.hiddenFieldIds ? { hidden_fields: [...property.hiddenFieldIds] } : {}),
                  ...(property.filter ? { filter_info: { conjunction: property.filter.conjunction, conditions: property.filter.conditions.map((c) => ({ field_id: c.fieldId, operator: c.operator, ...(c.value !== undefined ? { value: c.value } : {}) })) } } : {}),
                },
              },
            }),
          () => null,
        ),
      ),
    listRecords: (appToken, tableId, pageToken) =>
      base(
        call(
          // records/search (POST), the documented successor of the deprecated records list.
          () => v1.appTableRecord.search({ path: table(appToken, tableId), params: { page_size: BASE_PAGE_SIZE, user_id_type: 'open_id', ...(pageToken ? { page_token: pageToken } : {}) }, data: { automatic_fields: true } }),
          (b) => ({ records: (b.data?.items ?? []).map((r) => recordOf(r as SdkRecord)), next: b.data?.has_more && b.data.page_token ? b.data.page_token : null }),
        ),
      ),
    batchCreate: (appToken, tableId, records, clientToken) =>
      base(
        call(
          () => v1.appTableRecord.batchCreate({ path: table(appToken, tableId), params: { client_token: clientToken, user_id_type: 'open_id' }, data: { records: records.map((fields) => ({ fields: fields as Fields })) } }),
          (b) => (b.data?.records ?? []).map((r) => recordOf(r as SdkRecord)),
        ),
      ),
    getRecords: (appToken, tableId, recordIds) =>
      base(
        call(
          () => v1.appTableRecord.batchGet({ path: table(appToken, tableId), data: { record_ids: [...recordIds], automatic_fields: true, user_id_type: 'open_id' } }),
          (b) => ({ records: (b.data?.records ?? []).map((r) => recordOf(r as SdkRecord)), absent: b.data?.absent_record_ids ?? [] }),
        ),
      ),
    subscribeChanges: (appToken) => base(call(() => client.drive.v1.file.subscribe({ path: { file_token: appToken }, params: { file_type: 'bitable' } }), () => null)),
    batchUpdate: (appToken, tableId, records) =>
      base(call(() => v1.appTableRecord.batchUpdate({ path: table(appToken, tableId), data: { records: records.map((r) => ({ record_id: r.recordId, fields: r.fields as Fields })) } }), () => null)),
  };
}
