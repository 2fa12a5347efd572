import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.js';
import { listEvents } from '../../src/store/events.js';
import { freshDbPath, LOOPX_BIN, runLoopx, runLoopxJson } from '../helpers/cli.js';
import { tool, TURN_EVENTS, turnUntilGate } from './turn.js';

// `loopx mcp` over stdio (issue 17 #2), started exactly as the runner recipes in docs/agents.md start it: a
// whole turn through an SDK client, while a person approves from another process (the CLI).

let db: string;
let client: Client;
let todoId: string;

beforeAll(async () => {
  db = freshDbPath('loopx-mcp-');
  runLoopxJson(db, ['init']);
  runLoopxJson(db, ['person', 'add', 'ana', '--name', 'Ana']);
  runLoopxJson(db, ['goal', 'add', 'demo', '--title', 'Demo', '--objective', 'Ship', '--owner', 'ana']);
  const token = runLoopxJson(db, ['agent', 'add', 'a1', '--goal', 'demo']).token;
  todoId = runLoopxJson(db, ['todo', 'add', 'demo', 'Write the release notes', '--priority', 'P0']).todo.id;
  client = new Client({ name: 'test-runner', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [LOOPX_BIN, 'mcp'], env: { ...process.env, LOOPX_DB: db, LOOPX_AGENT_TOKEN: token, LOOPX_LOG_LEVEL: 'silent' } as Record<string, string> }));
});
afterAll(async () => {
  await client?.close();
});

describe('loopx mcp over stdio', { timeout: 60_000 }, () => {
  it('drives a full turn; an approval from another process ends wait_for_gate; the ledger matches the HTTP path', async () => {
    const { gateId, leaseVersion } = await turnUntilGate(client, todoId);
    const waiting = tool(client, 'wait_for_gate', { gate_id: gateId, timeout_seconds: 30 });
    const approved = runLoopx(db, ['gate', 'approve', gateId, '--as', 'ana']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(await waiting).toMatchObject({ timed_out: false, gate: { state: 'approved', decision: { by: 'ana', via: 'cli' } } });
    const done = await tool(client, 'complete_todo', { todo_id: todoId, lease_version: leaseVersion, no_followup: 'published' });
    expect(done.todo.status).toBe('done');
    const store = openStore({ path: db });
    try {
      const turn = listEvents(store, { goalId: 'demo' }).filter((e) => e.actor === 'agent:a1' || e.type === 'gate.decided');
      expect(turn.map((e) => e.type)).toEqual(TURN_EVENTS);
    } finally {
      store.close();
    }
  });

  it('refuses to start without a valid token, saying what to do', () => {
    const missing = runLoopx(db, ['mcp'], { LOOPX_AGENT_TOKEN: '' });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('LOOPX_AGENT_TOKEN');
    const wrong = runLoopx(db, ['mcp', '--token', 'lpx_wrong']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('not valid');
  });
});
