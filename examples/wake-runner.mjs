// A custom LoopX runner: it works while should-run offers work, then sleeps until LoopX wakes it (no polling).
// Run: LOOPX_URL=http://127.0.0.1:8787 LOOPX_AGENT_TOKEN=lpx_… LOOPX_GOAL=blog WAKE_PORT=7070 node wake-runner.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const { LOOPX_URL = 'http://127.0.0.1:8787', LOOPX_AGENT_TOKEN, LOOPX_GOAL, WAKE_PORT = '7070' } = process.env;
async function api(method, path, body, idempotencyKey) {
  const headers = { authorization: `Bearer ${LOOPX_AGENT_TOKEN}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
  const response = await fetch(`${LOOPX_URL}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${answer.error.code}: ${answer.error.message}`);
  return answer;
}

// Standard Webhooks: HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret's key, sent at most 5 minutes ago.
let secret = '';
function genuine(headers, body) {
  const sentAt = Number(headers['webhook-timestamp']);
  if (!(Math.abs(Date.now() / 1000 - sentAt) < 300)) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${headers['webhook-id']}.${sentAt}.${body}`).digest('base64')}`);
  return String(headers['webhook-signature']).split(' ').some((given) => given.length === expected.length && timingSafeEqual(Buffer.from(given), expected));
}
let woken = false;
let wake = () => {};
createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk)).on('end', () => {
    const ok = genuine(request.headers, body);
    response.writeHead(ok ? 204 : 401).end();
    if (ok) (woken = true), wake();
  });
}).listen(Number(WAKE_PORT), '127.0.0.1');
secret = (await api('PUT', '/v1/agents/me/wake', { url: `http://127.0.0.1:${WAKE_PORT}/wake` })).wake.secret;

const doTheWork = async (todo) => `Did "${todo.text}".`; // your agent goes here
for (let n = 1; ; n += 1) {
  woken = false;
  const turn = `${process.pid}-${n}`;
  const packet = await api('POST', `/v1/goals/${LOOPX_GOAL}/should-run`, { turn_id: turn });
  if (!packet.work || !packet.selected_todo) {
    if (!woken) await new Promise((resolve) => (wake = resolve));
    continue;
  }
  const todo = packet.selected_todo;
  const { lease } = await api('POST', `/v1/todos/${todo.id}/claim`, {});
  const summary = await doTheWork(todo);
  await api('POST', '/v1/evidence', { goal_id: LOOPX_GOAL, todo_id: todo.id, turn_id: turn, kind: 'note', summary, delivery_outcome: 'outcome_progress' }, `${turn}-evidence`);
  await api('POST', `/v1/todos/${todo.id}/complete`, { lease_version: lease.version, no_followup: summary });
}
