#!/usr/bin/env node
// The physical-limit reference for the ingest benchmark (perf-reliability §2.3/§4): node:http + zod 4 + raw
// better-sqlite3 with group commit, the same pragmas and the same evidence row in the same schema as LoopX,
// but none of LoopX's layers (no kysely, no auth lookup, no idempotency table, no ledger).
// Usage: LOOPX_DB=<file> LOOPX_SYNCHRONOUS=FULL node bench/reference-server.mjs   (prints "listening on <url>")
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { EvidenceRequest } from '../dist/src/contract/requests.js';
import { openStore } from '../dist/src/store/db.js';
import { runMigrations } from '../dist/src/store/migrate.js';

const TOKEN = process.env.REFERENCE_TOKEN ?? 'reference-token';
const LIMIT = 256 * 1024;
const store = openStore({ path: process.env.LOOPX_DB, synchronous: process.env.LOOPX_SYNCHRONOUS ?? 'FULL' });
const migrated = await runMigrations(store);
if (migrated.error) throw migrated.error;
const db = store.sqlite;
const now = () => new Date().toISOString();
db.prepare(
  "INSERT OR IGNORE INTO goals (id, title, objective, status, timezone, heartbeat_cron, revision, created_at, updated_at) VALUES ('bench', 'Benchmark goal', 'Take load', 'active', 'UTC', '0 * * * *', 1, ?, ?)",
).run(now(), now());
const insert = db.prepare(
  'INSERT INTO evidence (id, goal_id, todo_id, gate_id, agent_id, turn_id, kind, summary, url, data, delivery_outcome, tokens_in, tokens_out, cost_usd, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
);

// Group commit: rows validated in one event-loop turn are inserted in one transaction, then all are answered.
let queue = [];
const commitQueued = db.transaction((rows) => {
  for (const { row } of rows) insert.run(...row);
});
function flush() {
  const batch = queue;
  queue = [];
  try {
    commitQueued(batch);
    for (const item of batch) item.answer(201, { evidence: { id: item.row[0] } });
  } catch {
    for (const item of batch) item.answer(500, { error: { code: 'internal_error' } });
  }
}

function answer(response, status, body) {
  const payload = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  response.end(payload);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 }, (request, response) => {
  if (request.method !== 'POST' || request.url !== '/v1/evidence') return answer(response, 404, { error: { code: 'not_found' } });
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return answer(response, 401, { error: { code: 'unauthenticated' } });
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) return answer(response, 415, { error: { code: 'unsupported_media_type' } });
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size <= LIMIT) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > LIMIT) return answer(response, 413, { error: { code: 'payload_too_large' } });
    let body;
    try {
      body = JSON.parse(strictUtf8.decode(Buffer.concat(chunks)));
    } catch {
      return answer(response, 400, { error: { code: 'invalid_json' } });
    }
    const parsed = EvidenceRequest.safeParse(body);
    if (!parsed.success) return answer(response, 422, { error: { code: 'invalid_request' } });
    const e = parsed.data;
    const id = `ev_${Date.now().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
    const row = [id, e.goal_id, e.todo_id ?? null, e.gate_id ?? null, 'a1', e.turn_id ?? null, e.kind, e.summary, e.url ?? null, e.data ? JSON.stringify(e.data) : null, e.delivery_outcome ?? null, null, null, null, now()];
    if (queue.length === 0) setImmediate(flush);
    queue.push({ row, answer: (status, payload) => answer(response, status, payload) });
  });
});
server.listen(Number(process.env.LOOPX_PORT ?? 0), '127.0.0.1', () => console.log(`reference listening on http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
