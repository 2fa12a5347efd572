import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { FakeLark } from './lark-api.js';
import { LARK_TEST_BASE } from './lark-api.js';

// A fake Lark Base (Bitable v1) on the fake Lark's msw server, faithful to the documented shapes: the code/msg/data
// envelope, page_token paging (page_size at most 500), batch create/update of at most 500 records, client_token
// idempotency, text read back as segments, 429 with x-ogw-ratelimit-reset, one write at a time per table
// (1254291), and the 1254xxx codes for a missing Base, table, record or field.

/** A field in a fake table. */
export interface FakeField {
  field_id: string;
  field_name: string;
  type: number;
  is_primary: boolean;
  property: { options?: { id: string; name: string; color: number }[] } | null;
}

/** A record as the fake stores it. */
export interface FakeRecord {
  fields: Record<string, unknown>;
  lastModifiedBy: string;
}

interface FakeTable {
  name: string;
  fields: FakeField[];
  views: { view_id: string; view_name: string; view_type: string; property: Record<string, unknown> }[];
  records: Map<string, FakeRecord>;
}

/** One Base call the fake received, with the time the test's clock showed. */
export interface BaseCall {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: any;
  readonly atMs: number;
}

/** The fake Base and its controls. */
export interface FakeBase {
  readonly calls: BaseCall[];
  /** Creates a Base the app may open (`access: false`: it exists, but the app was not added to it). */
  addApp(appToken: string, name: string, access?: boolean): void;
  /** Adds a table by hand (as a person would), with the given fields (a primary text field first). */
  addTable(appToken: string, name: string, fields: { name: string; type: number }[]): string;
  table(appToken: string, tableId: string): FakeTable;
  /** Records of a table keyed by their `LoopX id` cell (`idField`: its name in a Chinese table, `LoopX 编号`). */
  rowsById(appToken: string, tableId: string, idField?: string): Map<string, FakeRecord & { recordId: string }>;
  editByHand(appToken: string, tableId: string, recordId: string, fields: Record<string, unknown>, openId: string): void;
  deleteByHand(appToken: string, tableId: string, recordId: string): void;
  /** The next Base call answers 429 with `x-ogw-ratelimit-reset: seconds`. */
  rateLimitNext(seconds: number): void;
  /** The next record write (batch create/update) answers this error instead of writing. */
  refuseNextWrite(status: number, code: number, msg: string): void;
  /** The next batch_create creates its records, then its answer is lost (a 500 reaches the caller). */
  loseNextCreateAnswer(): void;
  /** Write calls (batch create/update) made per table. */
  writes(): BaseCall[];
}

const ok = (data: JsonBodyType) => HttpResponse.json({ code: 0, msg: 'success', data });
const refuse = (status: number, code: number, msg: string) => HttpResponse.json({ code, msg }, { status });

/** How Bitable reads a cell back: text as segments, everything else as written; empty cells are left out. */
function readCell(type: number, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  return type === 1 ? [{ type: 'text', text: String(value) }] : value;
}

/** Installs the fake Base on a running fake Lark; `now` is the test clock (calls are stamped with it). */
export function installFakeBase(lark: FakeLark, now: () => number, base = LARK_TEST_BASE): FakeBase {
  const apps = new Map<string, { name: string; access: boolean; tables: Map<string, FakeTable> }>();
  const calls: BaseCall[] = [];
  const tokens = new Map<string, unknown>();
  const writing = new Set<string>();
  let ids = 1;
  let rateLimit: number | null = null;
  let loseCreate = false;
  let refuseWrite: { status: number; code: number; msg: string } | null = null;
  const next = (prefix: string) => `${prefix}${String(ids++).padStart(6, '0')}`;

  function tableOf(appToken: string, tableId: string): FakeTable {
    const table = apps.get(appToken)?.tables.get(tableId);
    if (!table) throw new Error(`no table ${appToken}/${tableId}`);
    return table;
  }
  function newField(spec: { field_name: string; type: number; property?: { options?: { name: string; color?: number }[] } }, primary: boolean): FakeField {
    const options = spec.property?.options?.map((o) => ({ id: next('opt'), name: o.name, color: o.color ?? 0 }));
    return { field_id: next('fld'), field_name: spec.field_name, type: spec.type, is_primary: primary, property: options ? { options } : null };
  }
  function checkFields(table: FakeTable, fields: Record<string, unknown>): string | null {
    for (const name of Object.keys(fields)) if (!table.fields.some((f) => f.field_name === name)) return name;
    return null;
  }
  function store(table: FakeTable, fields: Record<string, unknown>, into: Record<string, unknown> = {}): Record<string, unknown> {
    for (const [name, value] of Object.entries(fields)) {
      const field = table.fields.find((f) => f.field_name === name);
      const cell = readCell(field?.type ?? 1, value);
      if (cell === undefined) delete into[name];
      else into[name] = cell;
    }
    return into;
  }
  async function records(method: string, table: FakeTable, key: string, rest: string, url: URL, body: any) {
    // records/search (POST, automatic_fields in the body) and the older records list (GET, in the query).
    if ((method === 'GET' && rest === '') || rest === '/search') {
      const size = Math.min(500, Number(url.searchParams.get('page_size') ?? 20));
      const from = Number(url.searchParams.get('page_token') ?? 0);
      const all = [...table.records];
      const automatic = body?.automatic_fields === true || url.searchParams.get('automatic_fields') === 'true';
      const page = all.slice(from, from + size).map(([record_id, r]) => ({ record_id, fields: r.fields, ...(automatic ? { last_modified_by: { id: r.lastModifiedBy } } : {}) }));
      const more = from + size < all.length;
      return ok({ items: page, has_more: more, total: all.length, ...(more ? { page_token: String(from + size) } : {}) });
    }
    if (rest === '/batch_get') {
      const ids: string[] = body?.record_ids ?? [];
      const found = ids.filter((id) => table.records.has(id)).map((id) => ({ record_id: id, fields: table.records.get(id)!.fields, ...(body?.automatic_fields ? { last_modified_by: { id: table.records.get(id)!.lastModifiedBy } } : {}) }));
      return ok({ records: found, absent_record_ids: ids.filter((id) => !table.records.has(id)), forbidden_record_ids: [] });
    }
    const list: any[] = body?.records ?? [];
    if (refuseWrite) {
      const { status, code, msg } = refuseWrite;
      refuseWrite = null;
      return refuse(status, code, msg);
    }
    if (list.length > 500) return refuse(400, 1254104, 'RecordAddOnceExceedLimit');
    if (writing.has(key)) return refuse(400, 1254291, 'Write conflict');
    writing.add(key);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      for (const record of list) {
        const unknown = checkFields(table, record.fields ?? {});
        if (unknown !== null) return refuse(400, 1254045, `FieldNameNotFound: ${unknown}`);
      }
      if (rest === '/batch_create') {
        const token = url.searchParams.get('client_token');
        if (token && tokens.has(token)) return ok(tokens.get(token) as JsonBodyType);
        const created = list.map((record) => {
          const id = next('rec');
          table.records.set(id, { fields: store(table, record.fields), lastModifiedBy: 'app' });
          return { record_id: id, fields: record.fields };
        });
        if (token) tokens.set(token, { records: created });
        if (loseCreate) return ((loseCreate = false), refuse(500, 1255001, 'InternalError'));
        return ok({ records: created });
      }
      if (rest === '/batch_update') {
        if (list.some((record) => !table.records.has(record.record_id))) return refuse(400, 1254043, 'RecordIdNotFound');
        for (const record of list) {
          const stored = table.records.get(record.record_id)!;
          store(table, record.fields, stored.fields);
          stored.lastModifiedBy = 'app';
        }
        return ok({ records: list });
      }
      return refuse(404, 404, 'not found');
    } finally {
      writing.delete(key);
    }
  }
  async function route(method: string, url: URL, body: any) {
    const m = /^\/open-apis\/bitable\/v1\/apps\/([^/]+)(?:\/tables(?:\/([^/]+)(\/fields|\/views|\/records)?(\/[^/]+)?)?)?$/.exec(url.pathname);
    if (!m) return refuse(404, 404, 'not found');
    const [, appToken = '', tableId, kind, rest = ''] = m;
    const app = apps.get(appToken);
    if (!app) return refuse(400, 1254040, 'AppTokenNotFound');
    if (!app.access) return refuse(403, 1254302, 'The role has no permissions');
    if (tableId === undefined && !url.pathname.endsWith('/tables')) return ok({ app: { app_token: appToken, name: app.name, revision: 1 } });
    if (tableId === undefined) {
      const id = next('tbl');
      const fields = (body?.table?.fields ?? []).map((f: any, i: number) => newField(f, i === 0));
      app.tables.set(id, { name: body?.table?.name ?? '', fields, views: [{ view_id: next('vew'), view_name: body?.table?.default_view_name ?? 'Grid', view_type: 'grid', property: {} }], records: new Map() });
      return ok({ table_id: id, default_view_id: app.tables.get(id)!.views[0]!.view_id, field_id_list: fields.map((f: FakeField) => f.field_id) });
    }
    const table = app.tables.get(tableId);
    if (!table) return refuse(400, 1254041, 'TableIdNotFound');
    if (kind === '/fields') {
      if (method === 'GET') return ok({ items: table.fields, has_more: false, total: table.fields.length });
      if (table.fields.some((f) => f.field_name === body.field_name)) return refuse(400, 1254014, 'FieldNameDuplicated');
      const field = newField(body, false);
      table.fields.push(field);
      return ok({ field });
    }
    if (kind === '/views') {
      if (method === 'GET') return ok({ items: table.views, has_more: false, total: table.views.length });
      if (method === 'POST') {
        const view = { view_id: next('vew'), view_name: body.view_name, view_type: body.view_type ?? 'grid', property: {} };
        table.views.push(view);
        return ok({ view });
      }
      const view = table.views.find((v) => `/${v.view_id}` === rest);
      if (!view) return refuse(400, 1254061, 'ViewIdNotFound');
      view.property = { ...view.property, ...(body?.property ?? {}) };
      return ok({ view });
    }
    return records(method, table, `${appToken}/${tableId}`, rest, url, body);
  }
  lark.server.use(
    http.all(`${base}/open-apis/bitable/v1/*`, async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const body = text ? JSON.parse(text) : null;
      calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body, atMs: now() });
      if (rateLimit !== null) {
        const seconds = rateLimit;
        rateLimit = null;
        return HttpResponse.json({ code: 99991400, msg: 'request trigger frequency limit' }, { status: 429, headers: { 'x-ogw-ratelimit-limit': '50', 'x-ogw-ratelimit-reset': String(seconds) } });
      }
      return route(request.method, url, body);
    }),
  );
  return {
    calls,
    addApp: (appToken, name, access = true) => void apps.set(appToken, { name, access, tables: new Map() }),
    addTable(appToken, name, fields) {
      const id = next('tbl');
      apps.get(appToken)?.tables.set(id, { name, fields: fields.map((f, i) => newField({ field_name: f.name, type: f.type }, i === 0)), views: [{ view_id: next('vew'), view_name: 'Grid', view_type: 'grid', property: {} }], records: new Map() });
      return id;
    },
    table: tableOf,
    rowsById(appToken, tableId, idField = 'LoopX id') {
      const out = new Map<string, FakeRecord & { recordId: string }>();
      for (const [recordId, r] of tableOf(appToken, tableId).records) {
        const id = (r.fields[idField] as { text: string }[] | undefined)?.[0]?.text;
        if (id) out.set(id, { ...r, recordId });
      }
      return out;
    },
    editByHand(appToken, tableId, recordId, fields, openId) {
      const table = tableOf(appToken, tableId);
      const record = table.records.get(recordId)!;
      store(table, fields, record.fields);
      record.lastModifiedBy = openId;
    },
    deleteByHand: (appToken, tableId, recordId) => void tableOf(appToken, tableId).records.delete(recordId),
    rateLimitNext: (seconds) => void (rateLimit = seconds),
    loseNextCreateAnswer: () => void (loseCreate = true),
    refuseNextWrite: (status, code, msg) => void (refuseWrite = { status, code, msg }),
    writes: () => calls.filter((c) => c.method === 'POST' && /\/records\/batch_(create|update)$/.test(c.path)),
  };
}
