import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTodo } from '../../src/app/todos.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { listEvents } from '../../src/store/events.js';
import { gateApp } from '../app/gate-fixture.js';
import { call } from '../helpers/http.js';
import { blockAction, postSlack, type FakeSlack, type SlackHarness } from '../helpers/slack.js';
import { startSlackGateApp } from '../helpers/slack-gate.js';
import { operator, unwrap } from '../helpers/test-app.js';
import { tool, TURN_EVENTS, turnUntilGate } from './turn.js';

// The MCP server over Streamable HTTP at /mcp on the running server (issue 17 #2): a whole turn through an SDK
// client, decided by a person clicking in the Slack stub.

// The runner's own fetch, taken before msw patches the global one for the Slack stub: the MCP client talks to our
// real server, not to Slack, so its requests stay off the interceptor.
const runnerFetch = globalThis.fetch;

let app: Awaited<ReturnType<typeof gateApp>>;
let slack: FakeSlack;
let harness: SlackHarness;
let client: Client;
let todoId: string;

async function connect(token: string): Promise<Client> {
  const connected = new Client({ name: 'test-runner', version: '1.0.0' });
  await connected.connect(new StreamableHTTPClientTransport(new URL(`${harness.url}/mcp`), { fetch: runnerFetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return connected;
}

beforeEach(async () => {
  ({ app, slack, harness } = await startSlackGateApp());
  todoId = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the release notes', priority: 'P0' })).todo.id;
  client = await connect(app.tokens.a1);
});
afterEach(async () => {
  await client.close();
  await harness.close();
  slack.close();
});

describe('MCP over Streamable HTTP', () => {
  it('lists the tools with typed schemas, the resources and the turn prompt', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['should_run', 'claim_todo', 'renew_lease', 'report_evidence', 'complete_todo', 'add_todo', 'ask_gate', 'wait_for_gate', 'goal_status']));
    const claim = (await client.listTools()).tools.find((t) => t.name === 'claim_todo');
    expect(claim?.inputSchema.properties).toHaveProperty('ttl_seconds');
    expect(claim?.outputSchema?.properties).toHaveProperty('lease');
    expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual(
      expect.arrayContaining(['loopx://goals/{goal_id}/status', 'loopx://goals/{goal_id}/turns/{turn_id}/should-run']),
    );
    const prompt = await client.getPrompt({ name: 'loopx_turn', arguments: { goal_id: 'demo' } });
    expect(JSON.stringify(prompt.messages)).toContain('should_run');
  });

  it('drives a full turn: a Slack click approves while wait_for_gate waits, then the todo completes', async () => {
    const { gateId, leaseVersion } = await turnUntilGate(client, todoId);
    const waiting = tool(client, 'wait_for_gate', { gate_id: gateId, timeout_seconds: 30 });
    await harness.drain();
    const click = await postSlack(harness.url, blockAction('UANA', encodeCardAction({ v: 1, gate: gateId, rev: 1, choice: 'approve' })), app.clock);
    expect(click.status).toBe(200);
    const decided = await waiting;
    expect(decided).toMatchObject({ timed_out: false, gate: { state: 'approved', decision: { by: 'ana', via: 'slack' } } });
    const done = await tool(client, 'complete_todo', { todo_id: todoId, lease_version: leaseVersion, no_followup: 'published' });
    expect(done.todo.status).toBe('done');
    const mine = listEvents(app.deps.store, { goalId: 'demo' }).filter((e) => e.actor === 'agent:a1' || e.type === 'gate.decided');
    expect(mine.map((e) => e.type)).toEqual(TURN_EVENTS);
    const status = await client.readResource({ uri: 'loopx://goals/demo/status' });
    expect(JSON.parse(String(status.contents[0]?.text)).lanes.done).toBeGreaterThanOrEqual(1);
    const packet = await client.readResource({ uri: 'loopx://goals/demo/turns/t-1/should-run' });
    expect(JSON.parse(String(packet.contents[0]?.text))).toMatchObject({ turn_id: 't-1', mode: 'deliver' });
  });

  it('records the same ledger events as the same turn over /v1', async () => {
    const v1 = (method: string, path: string, body?: unknown, idempotencyKey?: string) => call(harness.url, method, path, { token: app.tokens.a1, body, idempotencyKey });
    expect((await v1('POST', '/v1/goals/demo/should-run', { turn_id: 't-1' })).body.mode).toBe('deliver');
    const lease = (await v1('POST', `/v1/todos/${todoId}/claim`, {})).body.lease;
    await v1('POST', '/v1/evidence', { goal_id: 'demo', todo_id: todoId, turn_id: 't-1', kind: 'test', summary: 'tests pass', delivery_outcome: 'outcome_progress' }, 'ev-1');
    const gate = (await v1('POST', '/v1/goals/demo/gates', { question: 'May I publish?', blocks: { todo_ids: [todoId] } })).body.gate;
    await harness.drain();
    expect((await postSlack(harness.url, blockAction('UANA', encodeCardAction({ v: 1, gate: gate.id, rev: 1, choice: 'approve' })), app.clock)).status).toBe(200);
    expect((await v1('POST', `/v1/todos/${todoId}/complete`, { lease_version: lease.version, no_followup: 'published' })).status).toBe(200);
    const turn = listEvents(app.deps.store, { goalId: 'demo' }).filter((e) => e.actor === 'agent:a1' || e.type === 'gate.decided');
    expect(turn.map((e) => e.type)).toEqual(TURN_EVENTS);
  });

  it('answers tool errors with the /v1 code and message, and waits out a pending gate', async () => {
    const { gateId } = await turnUntilGate(client, todoId);
    const refused = await client.callTool({ name: 'complete_todo', arguments: { todo_id: todoId, no_followup: 'sneaky' } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('gate_pending: ');
    expect(refused.structuredContent).toMatchObject({ error: { code: 'gate_pending', details: { gate_id: gateId } } });
    const timedOut = await tool(client, 'wait_for_gate', { gate_id: gateId, timeout_seconds: 0 });
    expect(timedOut).toMatchObject({ timed_out: true, gate: { state: 'pending' } });
  });

  it('refuses a missing or wrong token and an oversized body before any MCP message, like /v1', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const anonymous = await call(harness.url, 'POST', '/mcp', { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
    const wrong = await call(harness.url, 'POST', '/mcp', { token: 'lpx_wrong', body });
    expect(wrong.status).toBe(401);
    expect((await call(harness.url, 'GET', '/mcp', { token: app.tokens.a1 })).status).toBe(405);
    const huge = await call(harness.url, 'POST', '/mcp', { token: app.tokens.a1, rawBody: JSON.stringify({ ...body, params: { pad: 'x'.repeat(2_000_000) } }) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });
});
