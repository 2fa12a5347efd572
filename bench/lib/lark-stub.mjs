// A loopback Lark/Feishu Open Platform for tests and benchmarks that run `loopx serve` as a separate process
// (LARK_DOMAIN=<url>, LARK_MODE=webhook): the tenant token, message create (with uuid dedupe) and reply, and
// PATCH of a card. It keeps what every message shows now, so a test can read the current card of a chat.
import { createServer } from 'node:http';

/** Starts the stub on 127.0.0.1:0; `appSecret` is the only secret it hands a token for. */
export function startLarkStub({ appSecret }) {
  const messages = new Map(); // message_id -> { chat, content, parent, at }
  const uuids = new Map();
  const calls = []; // { at, method, path }
  let next = 1;

  function create(chat, body, parent) {
    if (body.uuid && uuids.has(body.uuid)) return { code: 0, msg: 'success', data: { message_id: uuids.get(body.uuid) } };
    const id = `om_stub_${next++}`;
    if (body.uuid) uuids.set(body.uuid, id);
    messages.set(id, { chat, content: body.content ?? '', msgType: body.msg_type, parent, at: Date.now() });
    return { code: 0, msg: 'success', data: { message_id: id } };
  }

  function answer(method, path, query, body) {
    if (path === '/open-apis/auth/v3/tenant_access_token/internal') {
      return body.app_secret === appSecret ? { code: 0, msg: 'ok', tenant_access_token: 't-stub', expire: 7200 } : { code: 10014, msg: 'app secret invalid' };
    }
    if (method === 'POST' && path === '/open-apis/im/v1/messages') return create(query.get('receive_id') ?? body.receive_id, body, null);
    const reply = /^\/open-apis\/im\/v1\/messages\/([^/]+)\/reply$/.exec(path)?.[1];
    if (method === 'POST' && reply) return create(messages.get(reply)?.chat ?? '', body, reply);
    const patched = /^\/open-apis\/im\/v1\/messages\/([^/]+)$/.exec(path)?.[1];
    if (method === 'PATCH' && patched) {
      const message = messages.get(patched);
      if (!message) return { status: 400, code: 230001, msg: 'invalid message_id' };
      Object.assign(message, { content: body.content ?? '', at: Date.now() });
      return { code: 0, msg: 'success', data: {} };
    }
    return { code: 0, msg: 'success', data: {} };
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (c) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const text = Buffer.concat(chunks).toString('utf8');
      calls.push({ at: Date.now(), method: request.method, path: url.pathname });
      const { status = 200, ...body } = answer(request.method ?? 'GET', url.pathname, url.searchParams, text ? JSON.parse(text) : {});
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const close = () => new Promise((r) => server.close(() => r()));
      resolve({ url: `http://127.0.0.1:${server.address().port}`, messages, calls, close });
    });
  });
}
