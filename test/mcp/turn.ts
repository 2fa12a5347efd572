import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';

/** Calls a tool and returns its structured answer, failing the test on a tool error. */
export async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent;
}

/**
 * One full agent turn through MCP tools, up to asking a gate: should_run → claim → report_evidence → ask_gate.
 * Returns the ids the rest of the turn needs.
 */
export async function turnUntilGate(client: Client, todoId: string): Promise<{ gateId: string; leaseVersion: number }> {
  const packet = await tool(client, 'should_run', { goal_id: 'demo', turn_id: 't-1' });
  expect(packet).toMatchObject({ mode: 'deliver', work: true });
  const claimed = await tool(client, 'claim_todo', { todo_id: todoId });
  const evidence = await tool(client, 'report_evidence', { goal_id: 'demo', todo_id: todoId, turn_id: 't-1', kind: 'test', summary: 'tests pass', delivery_outcome: 'outcome_progress', idempotency_key: 'ev-1' });
  expect(evidence.spent).toEqual({ slots: 1 });
  const asked = await tool(client, 'ask_gate', { goal_id: 'demo', question: 'May I publish?', blocks: { todo_ids: [todoId] } });
  expect(asked.gate.state).toBe('pending');
  return { gateId: asked.gate.id, leaseVersion: claimed.lease.version };
}

/** The ledger event types of the MCP turn: exactly what the same calls over /v1 record. */
export const TURN_EVENTS = ['turn.started', 'todo.claimed', 'evidence.added', 'quota.spent', 'gate.asked', 'gate.decided', 'todo.completed'];
