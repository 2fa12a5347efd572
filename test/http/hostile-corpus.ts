import { signBody, signRequest } from '../../src/http/agent-auth.js';
import { sendRaw } from '../helpers/raw-http.js';
import { TOKEN_FORMATS } from '../security/token-formats.js';

/** The server under attack and the credentials the corpus may use (or forge). */
export interface HostileTarget {
  readonly url: string;
  readonly port: number;
  readonly goalId: string;
  /** A plain agent registered on the goal. */
  readonly token: string;
  /** An agent that must sign, with its secret. */
  readonly signerToken: string;
  readonly signerSecret: string;
  /** An agent registered only on another goal. */
  readonly outsiderToken: string;
  readonly revokedToken: string;
  /** A todo that belongs to the other goal. */
  readonly foreignTodoId: string;
  /** The server clock, in unix seconds (signatures are checked against it). */
  readonly nowSeconds: () => number;
}

/** One hostile request: what it sends, and the 4xx (and error code) it must get. */
export interface HostileCase {
  readonly name: string;
  readonly status: number;
  readonly code?: string;
  send(target: HostileTarget): Promise<{ status: number; body: unknown }>;
}

const valid = (goalId: string, extra: Record<string, unknown> = {}) => ({ goal_id: goalId, kind: 'test', summary: 'hostile corpus probe', ...extra });

async function post(target: HostileTarget, body: string | Buffer, headers: Record<string, string>, path = '/v1/evidence', method = 'POST'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${target.url}${path}`, { method, headers, ...(method === 'GET' ? {} : { body }) });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

const json = (token: string, extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra });

function postJson(target: HostileTarget, value: unknown, extra: Record<string, string> = {}) {
  return post(target, JSON.stringify(value), json(target.token, extra));
}

function postRawText(target: HostileTarget, text: string | Buffer) {
  return post(target, text, json(target.token));
}

function signed(target: HostileTarget, body: string, t: number, signOver = body) {
  return post(target, body, json(target.signerToken, { 'x-loopx-signature': `t=${t},v1=${signBody(target.signerSecret, t, signOver)}` }));
}

/** A `v2` signature of the request this helper describes, sent as another request (method, target, key or body changed). */
function signedV2(target: HostileTarget, sent: { method?: string; path?: string; key?: string; body: string }, signedFor: { method?: string; path?: string; key?: string; body?: string; t?: number }) {
  const t = signedFor.t ?? target.nowSeconds();
  const v2 = signRequest(target.signerSecret, t, {
    method: signedFor.method ?? 'POST',
    target: signedFor.path ?? '/v1/evidence',
    idempotencyKey: signedFor.key ?? null,
    body: signedFor.body ?? sent.body,
  });
  const headers = json(target.signerToken, { 'x-loopx-signature': `t=${t},v2=${v2}`, ...(sent.key ? { 'idempotency-key': sent.key } : {}) });
  return post(target, sent.body, headers, sent.path ?? '/v1/evidence', sent.method ?? 'POST');
}

/** Sends a signed request the server refuses after checking the signature (a secret in it), then the same bytes again. */
async function replayOfRefused(target: HostileTarget, version: 'v1' | 'v2') {
  const body = JSON.stringify(valid(target.goalId, { summary: `replay ${version} gh${'p'}_${'r'.repeat(36)}` }));
  const t = target.nowSeconds();
  const mac = version === 'v1' ? signBody(target.signerSecret, t, body) : signRequest(target.signerSecret, t, { method: 'POST', target: '/v1/evidence', idempotencyKey: null, body });
  const headers = json(target.signerToken, { 'x-loopx-signature': `t=${t},${version}=${mac}` });
  await post(target, body, headers);
  return post(target, body, headers);
}

function nested(depth: number, leaf = '1'): string {
  return '['.repeat(depth) + leaf + ']'.repeat(depth);
}

/** Sends a raw HTTP/1.1 request with a JSON content type and a bearer token. */
async function raw(target: HostileTarget, head: string, body: string | Buffer = ''): Promise<{ status: number; body: unknown }> {
  const answer = await sendRaw(target.port, [`${head}\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${target.token}\r\ncontent-type: application/json\r\n\r\n`, body]);
  return { status: answer.status, body: answer.text };
}

/**
 * The hostile-input corpus (perf-reliability §3.7): every case must be refused with its 4xx and write nothing.
 * Controls that must succeed (and may write) live in the test itself, not here.
 */
export const HOSTILE_CASES: readonly HostileCase[] = [
  // Size
  { name: 'body over the limit with Content-Length', status: 413, code: 'payload_too_large', send: (t) => postRawText(t, JSON.stringify(valid(t.goalId, { summary: 'x'.repeat(300 * 1024) }))) },
  {
    name: 'body over the limit, chunked without a length',
    status: 413,
    send: (t) => raw(t, 'POST /v1/evidence HTTP/1.1\r\ntransfer-encoding: chunked', `${(300 * 1024).toString(16)}\r\n${'x'.repeat(300 * 1024)}\r\n0\r\n\r\n`),
  },
  { name: '20 KB header', status: 431, send: (t) => post(t, '{}', json(t.token, { 'x-padding': 'p'.repeat(20 * 1024) })) },
  { name: 'huge array in data (over the 16 KB data budget)', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { data: { list: Array.from({ length: 20_000 }, (_, i) => i) } })) },
  { name: 'huge array at top level', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `[${Array.from({ length: 50_000 }, () => '0').join(',')}]`) },
  // Malformed and truncated JSON
  { name: 'invalid JSON', status: 400, code: 'invalid_json', send: (t) => postRawText(t, '{"goal_id": "demo", kind: test}') },
  { name: 'truncated JSON', status: 400, code: 'invalid_json', send: (t) => postRawText(t, JSON.stringify(valid(t.goalId)).slice(0, 30)) },
  { name: 'empty body', status: 422, code: 'invalid_request', send: (t) => postRawText(t, '') },
  { name: 'invalid UTF-8 bytes', status: 400, code: 'invalid_json', send: (t) => postRawText(t, Buffer.concat([Buffer.from(`{"goal_id":"${t.goalId}","kind":"test","summary":"`), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])) },
  { name: 'UTF-16 encoded body', status: 400, code: 'invalid_json', send: (t) => postRawText(t, Buffer.from(JSON.stringify(valid(t.goalId)), 'utf16le')) },
  { name: 'JSON array at top level', status: 422, code: 'invalid_request', send: (t) => postRawText(t, JSON.stringify([valid(t.goalId)])) },
  { name: 'JSON null', status: 422, code: 'invalid_request', send: (t) => postRawText(t, 'null') },
  { name: 'two JSON documents back to back', status: 400, code: 'invalid_json', send: (t) => postRawText(t, JSON.stringify(valid(t.goalId)).repeat(2)) },
  // Content type
  { name: 'text/plain', status: 415, code: 'unsupported_media_type', send: (t) => post(t, JSON.stringify(valid(t.goalId)), { 'content-type': 'text/plain', authorization: `Bearer ${t.token}` }) },
  { name: 'form-urlencoded', status: 415, code: 'unsupported_media_type', send: (t) => post(t, `goal_id=${t.goalId}&kind=test`, { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${t.token}` }) },
  { name: 'missing content type', status: 415, code: 'unsupported_media_type', send: (t) => post(t, Buffer.from(JSON.stringify(valid(t.goalId))), { authorization: `Bearer ${t.token}` }) },
  { name: 'look-alike JSON type', status: 415, code: 'unsupported_media_type', send: (t) => post(t, JSON.stringify(valid(t.goalId)), { 'content-type': 'application/jsonx', authorization: `Bearer ${t.token}` }) },
  // Deep nesting
  { name: 'depth-100000 nesting as the body', status: 422, code: 'invalid_request', send: (t) => postRawText(t, nested(100_000)) },
  { name: 'depth-30000 nesting inside data', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"x":${nested(30_000)}}}`) },
  { name: 'depth-33 nesting inside data (one past the limit)', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"x":${nested(31)}}}`) },
  { name: 'depth-5000 nesting inside data', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"x":${nested(5_000)}}}`) },
  // Strings and numbers
  { name: 'lone surrogate in the summary', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"a\\ud800b"}`) },
  { name: 'NUL in the summary', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { summary: 'a\u0000b' })) },
  { name: 'NUL in a data key', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"a\\u0000b":1}}`) },
  { name: 'SQL-ish goal id', status: 404, code: 'not_found', send: (t) => postJson(t, valid("x');DROP TABLE evidence;--")) },
  { name: 'unsafe integer in usage', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","usage":{"tokens_in":9007199254740993}}`) },
  { name: '1e400 (Infinity) in usage', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","usage":{"cost_usd":1e400}}`) },
  { name: '1e400 inside data (would be stored as null)', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"n":1e400}}`) },
  { name: '-1e400 inside a data array', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"n":[1,-1e400]}}`) },
  { name: '__proto__ key nested in data (would be dropped)', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"__proto__":{"polluted":true},"ok":1}}`) },
  { name: '__proto__ key deep in a data array', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"a":[{"b":{"__proto__":{"polluted":true}}}]}}`) },
  { name: 'escaped \\u005f\\u005fproto\\u005f\\u005f key in data', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","data":{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true}}}`) },
  { name: 'RLO in a heartbeat note', status: 422, code: 'invalid_request', send: (t) => post(t, JSON.stringify({ note: 'fine \u202E' }), json(t.token), `/v1/goals/${t.goalId}/heartbeat`) },
  { name: 'enum violation', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { kind: 'exploit' })) },
  { name: 'unknown field', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { is_admin: true })) },
  { name: '__proto__ key at top level', status: 422, code: 'invalid_request', send: (t) => postRawText(t, `{"goal_id":"${t.goalId}","kind":"test","summary":"s","__proto__":{"polluted":true}}`) },
  { name: 'secret in the summary', status: 422, code: 'secret_in_text', send: (t) => postJson(t, valid(t.goalId, { summary: 'token xoxb-123456789012-abcdefghijkl' })) },
  // The secret guard (issue 14 §3): every real token format, and every field that carries text
  ...TOKEN_FORMATS.map(([format, text]): HostileCase => ({ name: `secret in the summary: ${format}`, status: 422, code: 'secret_in_text', send: (t) => postJson(t, valid(t.goalId, { summary: `log says ${text}` })) })),
  ...(
    [
      ['secret as a data value', { data: { log: `deploy with gh${'p'}_${'x'.repeat(36)}` } }],
      ['Authorization split across a data key and value', { data: { Authorization: 'Basic dXNlcjpodW50ZXIy' } }],
      ['credential-named data key', { data: { headers: { 'x-api-key': 'k-1234567890' } } }],
      ['secret deep in a data array', { data: { runs: [{ env: [`NPM=np${'m'}_${'y'.repeat(36)}`] }] } }],
      ['secret as a data key', { data: { [`gh${'p'}_${'z'.repeat(36)}`]: 1 } }],
      ['secret in turn_id', { turn_id: `lp${'x'}_${'t'.repeat(30)}` }],
      ['percent-encoded token in the URL', { url: `https://ci.example.com/?k=gh${'p'}%5F${'q'.repeat(36)}` }],
      ['token in a URL query', { url: `https://ci.example.com/?token=xo${'xb'}-123456789012-${'w'.repeat(20)}` }],
    ] as const
  ).map(([name, extra]): HostileCase => ({ name, status: 422, code: 'secret_in_text', send: (t) => postJson(t, valid(t.goalId, extra)) })),
  ...(
    [
      ['secret in a todo action_kind', { text: 'deploy', action_kind: `gl${'pat'}-${'a'.repeat(20)}` }],
      ['secret in a todo resume_when', { text: 'wait', resume_when: `todo_done:gh${'p'}_${'b'.repeat(36)}` }],
      ['secret in a todo text', { text: `use s${'k'}_live_${'c'.repeat(24)}` }],
    ] as const
  ).map(([name, body]): HostileCase => ({ name, status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify(body), json(t.token), `/v1/goals/${t.goalId}/todos`) })),
  { name: 'secret in a heartbeat turn_id', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ turn_id: `AK${'IA'}ABCDEFGHIJKLMNOP` }), json(t.token), `/v1/goals/${t.goalId}/heartbeat`) },
  { name: 'secret in a heartbeat note', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ note: `-----BEGIN PGP ${'PRIVATE'} KEY BLOCK-----` }), json(t.token), `/v1/goals/${t.goalId}/heartbeat`) },
  { name: 'secret in a gate option', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ question: 'Which key?', options: ['none', `AI${'za'}Sy${'d'.repeat(33)}`], blocks: { global: true } }), json(t.token), `/v1/goals/${t.goalId}/gates`) },
  { name: 'secret in a block reason', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ reason: `creds are hf_${'f'.repeat(34)}` }), json(t.token), `/v1/todos/${t.foreignTodoId}/block`) },
  { name: 'secret in a completion no_followup', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ no_followup: `used wh${'sec'}_${'g'.repeat(32)}` }), json(t.token), `/v1/todos/${t.foreignTodoId}/complete`) },
  { name: 'secret in a successor text', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ successors: [{ text: `rotate AS${'IA'}ABCDEFGHIJKLMNOP` }] }), json(t.token), `/v1/todos/${t.foreignTodoId}/complete`) },
  { name: 'secret in a gate question', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ question: `May I use -----BEGIN EC ${'PRIVATE'} KEY-----?`, blocks: { global: true } }), json(t.token), `/v1/goals/${t.goalId}/gates`) },
  { name: 'secret in a gate decision_scope', status: 422, code: 'secret_in_text', send: (t) => post(t, JSON.stringify({ question: 'Deploy?', decision_scope: `deploy:np${'m'}_${'e'.repeat(36)}`, blocks: { global: true } }), json(t.token), `/v1/goals/${t.goalId}/gates`) },
  { name: 'javascript: URL', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { url: 'javascript:alert(1)' })) },
  // Chat markup injection and bidi controls (issue 14 §1)
  ...(
    [
      ['Slack link break-out in the URL', 'https://ci.example.com/x|Approved by Ana> <!channel> <https://evil.example/approve|Approve here'],
      ['pipe in the URL', 'https://ci.example.com/x|label'],
      ['angle bracket in the URL', 'https://ci.example.com/x>'],
      ['space in the URL', 'https://ci.example.com/a b'],
      ['tab in the URL', 'https://ci.example.com/a\tb'],
      ['newline in the URL', 'https://ci.example.com/a\nb'],
      ['ftp: URL', 'ftp://ci.example.com/x'],
      ['data: URL', 'data:text/html,<script>alert(1)</script>'],
      ['protocol-relative URL', '//evil.example/x'],
      ['quote in the URL', 'https://ci.example.com/"onmouseover="x'],
    ] as const
  ).map(([name, url]): HostileCase => ({ name, status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { url })) })),
  { name: 'user name and password in the URL', status: 422, send: (t) => postJson(t, valid(t.goalId, { url: 'https://admin:hunter2@ci.example.com/x' })) },
  ...(
    [
      ['RLO (U+202E) in the summary', { summary: 'approved \u202Edesrever' }],
      ['LRE (U+202A) in the summary', { summary: 'a\u202Ab' }],
      ['PDF (U+202C) in the summary', { summary: 'a\u202Cb' }],
      ['LRI (U+2066) in the summary', { summary: 'a\u2066b\u2069' }],
      ['FSI (U+2068) in the summary', { summary: 'a\u2068b' }],
      ['RLO inside a data value', { data: { note: '\u202Eevil' } }],
      ['RLI inside a data key', { data: { 'k\u2067': 1 } }],
    ] as const
  ).map(([name, extra]): HostileCase => ({ name, status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, extra)) })),
  { name: 'RLO in a todo text', status: 422, code: 'invalid_request', send: (t) => post(t, JSON.stringify({ text: 'ship \u202Eit' }), json(t.token), `/v1/goals/${t.goalId}/todos`) },
  { name: 'RLO in a gate question', status: 422, code: 'invalid_request', send: (t) => post(t, JSON.stringify({ question: 'May I \u202Edelete?', blocks: { global: true } }), json(t.token), `/v1/goals/${t.goalId}/gates`) },
  // Authentication, signatures and authorisation
  { name: 'missing Authorization', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), { 'content-type': 'application/json' }) },
  { name: 'unknown bearer token', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json('lpx_forgedforgedforgedforgedforged')) },
  { name: 'Basic instead of Bearer', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), { 'content-type': 'application/json', authorization: `Basic ${t.token}` }) },
  { name: 'revoked agent', status: 401, code: 'agent_revoked', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.revokedToken)) },
  { name: 'wrong agent for the goal', status: 403, code: 'forbidden', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.outsiderToken)) },
  { name: 'todo of another goal', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId, { todo_id: t.foreignTodoId })) },
  { name: 'signing agent without a signature', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.signerToken)) },
  {
    name: 'forged signature',
    status: 401,
    code: 'unauthenticated',
    send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.signerToken, { 'x-loopx-signature': `t=${t.nowSeconds()},v1=${'ab'.repeat(32)}` })),
  },
  { name: 'malformed signature header', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.signerToken, { 'x-loopx-signature': 'v1=zz' })) },
  { name: 'body altered after signing', status: 401, code: 'unauthenticated', send: (t) => signed(t, JSON.stringify(valid(t.goalId, { summary: 'altered' })), t.nowSeconds(), JSON.stringify(valid(t.goalId))) },
  { name: 'signature 301 s in the past (replayed late)', status: 401, code: 'unauthenticated', send: (t) => signed(t, JSON.stringify(valid(t.goalId)), t.nowSeconds() - 301) },
  { name: 'signature 301 s in the future (clock skew)', status: 401, code: 'unauthenticated', send: (t) => signed(t, JSON.stringify(valid(t.goalId)), t.nowSeconds() + 301) },
  { name: 'signature from another secret', status: 401, code: 'unauthenticated', send: (t) => post(t, JSON.stringify(valid(t.goalId)), json(t.signerToken, { 'x-loopx-signature': `t=${t.nowSeconds()},v1=${signBody('not-the-secret', t.nowSeconds(), JSON.stringify(valid(t.goalId)))}` })) },
  { name: 'v2 signature for another path', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify({ text: 'x' }), path: `/v1/goals/${t.goalId}/todos` }, {}) },
  { name: 'v2 signature for another method', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId)) }, { method: 'PUT' }) },
  { name: 'v2 signature for another Idempotency-Key', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId)), key: 'key-b' }, { key: 'key-a' }) },
  { name: 'v2 signature without the Idempotency-Key it was made with', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId)) }, { key: 'key-a' }) },
  { name: 'v2 signature over another body', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId, { summary: 'altered' })) }, { body: JSON.stringify(valid(t.goalId)) }) },
  { name: 'v2 signature with a query string added', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId)), path: '/v1/evidence?x=1' }, {}) },
  {
    name: 'v2 signature with the timestamp changed',
    status: 401,
    code: 'unauthenticated',
    send: (t) => {
      const body = JSON.stringify(valid(t.goalId));
      const mac = signRequest(t.signerSecret, t.nowSeconds() - 1, { method: 'POST', target: '/v1/evidence', idempotencyKey: null, body });
      return post(t, body, json(t.signerToken, { 'x-loopx-signature': `t=${t.nowSeconds()},v2=${mac}` }));
    },
  },
  {
    name: 'v2 signature presented as v1',
    status: 401,
    code: 'unauthenticated',
    send: (t) => {
      const body = JSON.stringify(valid(t.goalId));
      const mac = signRequest(t.signerSecret, t.nowSeconds(), { method: 'POST', target: '/v1/evidence', idempotencyKey: null, body });
      return post(t, body, json(t.signerToken, { 'x-loopx-signature': `t=${t.nowSeconds()},v1=${mac}` }));
    },
  },
  { name: 'v2 signature 301 s old', status: 401, code: 'unauthenticated', send: (t) => signedV2(t, { body: JSON.stringify(valid(t.goalId)) }, { t: t.nowSeconds() - 301 }) },
  { name: 'replayed v1 signature', status: 401, code: 'signature_replayed', send: (t) => replayOfRefused(t, 'v1') },
  { name: 'replayed v2 signature', status: 401, code: 'signature_replayed', send: (t) => replayOfRefused(t, 'v2') },
  // Routing and headers
  { name: 'GET on a POST endpoint', status: 405, code: 'method_not_allowed', send: (t) => post(t, '', { authorization: `Bearer ${t.token}` }, '/v1/evidence', 'GET') },
  { name: 'unknown path', status: 404, code: 'not_found', send: (t) => post(t, '{}', json(t.token), '/v1/evidence/../../admin') },
  { name: 'encoded traversal in a path parameter', status: 404, code: 'not_found', send: (t) => post(t, '{}', json(t.token), '/v1/todos/..%2F..%2Fetc%2Fpasswd/claim') },
  { name: 'over-long Idempotency-Key', status: 422, code: 'invalid_request', send: (t) => postJson(t, valid(t.goalId), { 'idempotency-key': 'k'.repeat(200) }) },
  { name: 'Content-Length and Transfer-Encoding together (smuggling)', status: 400, send: (t) => raw(t, 'POST /v1/evidence HTTP/1.1\r\ncontent-length: 4\r\ntransfer-encoding: chunked', '0\r\n\r\n') },
  { name: 'bare LF header framing', status: 400, send: (t) => sendRaw(t.port, [`POST /v1/evidence HTTP/1.1\nhost: x\ncontent-length: 2\n\n{}`]).then((a) => ({ status: a.status, body: a.text })) },
];
