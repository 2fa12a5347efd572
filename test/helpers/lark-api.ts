import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer, type SetupServerApi } from 'msw/node';

/** The base URL tests point LARK_DOMAIN at (an explicit URL, as a proxy would be). */
export const LARK_TEST_BASE = 'https://lark.test';

/** One request the fake Lark received. */
export interface LarkCall {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | null;
  readonly body: any;
}

/** A scripted answer for the next matching call: status, body and headers. */
export interface ScriptedReply {
  readonly status?: number;
  readonly body: JsonBodyType;
  readonly headers?: Record<string, string>;
  /** Lark creates the message, then the answer is lost (the scripted error reaches us instead). */
  readonly createsMessage?: boolean;
}

/** A fake Lark Open Platform on msw: tenant token, message create/reply/patch, app info, chat membership. */
export interface FakeLark {
  readonly server: SetupServerApi;
  readonly calls: LarkCall[];
  /** Queues answers for calls whose `METHOD path` starts with `route` (e.g. `PATCH /open-apis/im/v1/messages/`). */
  script(route: string, ...replies: ScriptedReply[]): void;
  messageCalls(): LarkCall[];
  /** The card JSON a message shows now (after patches), as Lark stores it. */
  shown(messageId: string): string | undefined;
  /** How many distinct messages exist (a retried create with the same uuid is one). */
  messageCount(): number;
  /** The id of the message whose card title is `title`, or ''. */
  messageTitled(title: string): string;
  /** The ids of every message whose card title is `title` (its copies in chats and direct messages). */
  messagesTitled(title: string): string[];
  reset(): void;
}

/** Starts msw before any Lark Client exists (the SDK's axios must see the interceptor). */
export function startFakeLark(base = LARK_TEST_BASE): FakeLark {
  const calls: LarkCall[] = [];
  const scripts = new Map<string, ScriptedReply[]>();
  let nextMessage = 1;
  const seenUuids = new Map<string, string>();
  const contents = new Map<string, string>();

  function scripted(route: string): ScriptedReply | undefined {
    for (const [prefix, queue] of scripts) if (route.startsWith(prefix) && queue.length > 0) return queue.shift();
    return undefined;
  }
  function answer(route: string, fallback: () => JsonBodyType) {
    const reply = scripted(route);
    if (reply) return HttpResponse.json(reply.body, { status: reply.status ?? 200, ...(reply.headers ? { headers: reply.headers } : {}) });
    return HttpResponse.json(fallback());
  }
  function messageId(uuid: string | undefined, content: string): string {
    // Lark drops a repeated uuid and answers with the first message: model that, so tests can rely on it.
    if (uuid && seenUuids.has(uuid)) return seenUuids.get(uuid) ?? '';
    const id = `om_${String(nextMessage++).padStart(4, '0')}`;
    if (uuid) seenUuids.set(uuid, id);
    contents.set(id, content);
    return id;
  }
  function messages(method: string, path: string, body: any) {
    const route = `${method} ${path}`;
    const reply = scripted(route);
    if (reply?.createsMessage) messageId(body?.uuid, body?.content ?? '');
    if (reply) return HttpResponse.json(reply.body, { status: reply.status ?? 200, ...(reply.headers ? { headers: reply.headers } : {}) });
    const patched = /^\/open-apis\/im\/v1\/messages\/([^/]+)$/.exec(path)?.[1];
    if (method === 'PATCH' && patched) {
      if (!contents.has(patched)) return HttpResponse.json({ code: 230001, msg: 'invalid message_id' }, { status: 400 });
      contents.set(patched, body?.content ?? '');
      return HttpResponse.json({ code: 0, msg: 'success', data: {} });
    }
    return HttpResponse.json({ code: 0, msg: 'success', data: { message_id: messageId(body?.uuid, body?.content ?? '') } });
  }
  const server = setupServer(
    http.all(`${base}/open-apis/*`, async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const body = text ? JSON.parse(text) : null;
      const call = { method: request.method, path: url.pathname, query: url.searchParams, authorization: request.headers.get('authorization'), body };
      calls.push(call);
      const route = `${request.method} ${url.pathname}`;
      if (url.pathname === '/open-apis/auth/v3/tenant_access_token/internal') {
        return answer(route, () => (body?.app_secret === 'secret-ok' ? { code: 0, msg: 'ok', tenant_access_token: 't-test-token', expire: 7200 } : { code: 10014, msg: 'app secret invalid' }));
      }
      if (url.pathname.startsWith('/open-apis/im/v1/messages')) return messages(request.method, url.pathname, body);
      return answer(route, () => ({ code: 0, msg: 'success', data: {} }));
    }),
  );
  // Requests to our own server on 127.0.0.1 pass through; anything else unexpected fails the test.
  server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === '127.0.0.1' ? undefined : print.error()) });
  return {
    server,
    calls,
    script: (route, ...replies) => scripts.set(route, [...(scripts.get(route) ?? []), ...replies]),
    messageCalls: () => calls.filter((c) => c.path.startsWith('/open-apis/im/v1/messages')),
    shown: (id) => contents.get(id),
    messageCount: () => contents.size,
    messageTitled: (title) => [...contents].find(([, content]) => content.startsWith('{') && JSON.parse(content).header?.title?.content === title)?.[0] ?? '',
    messagesTitled: (title) => [...contents].filter(([, content]) => content.startsWith('{') && JSON.parse(content).header?.title?.content === title).map(([id]) => id),
    reset: () => {
      calls.length = 0;
      scripts.clear();
      contents.clear();
      seenUuids.clear();
    },
  };
}
