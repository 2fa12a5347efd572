// A loopback Lark Base (Bitable v1) for benchmarks that drive the real SDK over HTTP: tenant token, Base, table,
// field and view set-up, and records (page_token search, batch create/update). It enforces the documented
// limits: at most 500 records a batch (1254104), one write at a time per table (1254291), and `writesPerSecond`
// record writes per app in any one-second window (429 + x-ogw-ratelimit-reset, code 99991400).
import { createServer } from 'node:http';

export function startBaseStub({ appSecret, writesPerSecond = 50 }) {
  const tables = new Map(); // table_id -> { fields, views, records: Map }
  const writes = []; // { at, records }
  const calls = []; // { at, method, path, status }
  const writing = new Set();
  let next = 1;
  const id = (prefix) => `${prefix}${String(next++).padStart(8, '0')}`;
  const ok = (data) => ({ code: 0, msg: 'success', data });
  const refuse = (status, code, msg, headers) => ({ status, code, msg, headers });

  function records(method, table, rest, query, body, key) {
    if (method === 'GET' || rest === '/search') {
      const size = Math.min(500, Number(query.get('page_size') ?? 20));
      const from = Number(query.get('page_token') ?? 0);
      const all = [...table.records];
      const items = all.slice(from, from + size).map(([record_id, fields]) => ({ record_id, fields, last_modified_by: { id: 'app' } }));
      return ok({ items, has_more: from + size < all.length, page_token: String(from + size), total: all.length });
    }
    const list = body.records ?? [];
    if (list.length > 500) return refuse(400, 1254104, 'RecordAddOnceExceedLimit');
    const now = Date.now();
    const recent = writes.filter((w) => w.at > now - 1000).length;
    if (recent >= writesPerSecond) return refuse(429, 99991400, 'request trigger frequency limit', { 'x-ogw-ratelimit-reset': '1' });
    if (writing.has(key)) return refuse(400, 1254291, 'Write conflict');
    writes.push({ at: now, records: list.length });
    if (rest === '/batch_create') {
      const created = list.map((r) => {
        const recordId = id('rec');
        table.records.set(recordId, { ...r.fields });
        return { record_id: recordId, fields: r.fields };
      });
      return ok({ records: created });
    }
    if (list.some((r) => !table.records.has(r.record_id))) return refuse(400, 1254043, 'RecordIdNotFound');
    for (const r of list) Object.assign(table.records.get(r.record_id), r.fields);
    return ok({ records: list });
  }

  function answer(method, path, query, body) {
    if (path === '/open-apis/auth/v3/tenant_access_token/internal') return body.app_secret === appSecret ? { code: 0, msg: 'ok', tenant_access_token: 't-stub', expire: 7200 } : { code: 10014, msg: 'app secret invalid' };
    const m = /^\/open-apis\/bitable\/v1\/apps\/([^/]+)(\/tables)?(?:\/([^/]+)(\/fields|\/views|\/records)(\/[^/]+)?)?$/.exec(path);
    if (!m) return ok({});
    const [, app, tablesPart, tableId, kind, rest = ''] = m;
    if (!tablesPart) return ok({ app: { app_token: app, name: 'Bench Base' } });
    if (!tableId) {
      const tid = id('tbl');
      const fields = (body.table?.fields ?? []).map((f) => ({ field_id: id('fld'), field_name: f.field_name, type: f.type, property: f.property ? { options: (f.property.options ?? []).map((o) => ({ ...o, id: id('opt') })) } : null }));
      tables.set(tid, { fields, views: [], records: new Map() });
      return ok({ table_id: tid });
    }
    const table = tables.get(tableId);
    if (!table) return refuse(400, 1254041, 'TableIdNotFound');
    if (kind === '/fields') return ok({ items: table.fields, has_more: false });
    if (kind === '/views') {
      if (method === 'GET') return ok({ items: table.views, has_more: false });
      if (method === 'POST') return ok({ view: { view_id: id('vew'), view_name: body.view_name, view_type: body.view_type } });
      return ok({});
    }
    return records(method, table, rest, query, body, `${app}/${tableId}`);
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const text = Buffer.concat(chunks).toString('utf8');
      const key = url.pathname.replace(/\/records.*$/, '');
      const isWrite = request.method === 'POST' && /batch_(create|update)$/.test(url.pathname);
      // A write is in flight for a few milliseconds, as on the real Base, so overlapping writes collide.
      const result = answer(request.method ?? 'GET', url.pathname, url.searchParams, text ? JSON.parse(text) : {});
      if (isWrite && result.code === 0) {
        writing.add(key);
        await new Promise((r) => setTimeout(r, 5));
        writing.delete(key);
      }
      const { status = 200, headers = {}, ...body } = result;
      calls.push({ at: Date.now(), method: request.method, path: url.pathname, status });
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const close = () => new Promise((r) => server.close(() => r()));
      resolve({ url: `http://127.0.0.1:${server.address().port}`, tables, writes, calls, close });
    });
  });
}
