import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Actor } from '../app/actor.js';
import type { AppDeps } from '../app/deps.js';
import { recordedPacket } from '../app/queries/agent-reads.js';
import { callAsAgent } from '../http/agent-api.js';
import type { HttpResponse } from '../http/types.js';
import { GATE_WAIT_MAX_SECONDS } from '../http/v1/gates.js';
import { VERSION } from '../version.js';
import { GateAnswer, TOOLS } from './tools.js';

/** The longest `wait_for_gate` waits before answering `timed_out` with the gate still pending. */
export const WAIT_FOR_GATE_MAX_SECONDS = 600;

/** A /v1 answer as a tool result: the JSON body as structured content; a 4xx/5xx as a tool error with the same code and message. */
export function toolResult(response: HttpResponse): CallToolResult {
  const body = response.body as Record<string, unknown>;
  if (response.status >= 400) {
    const error = (body.error ?? {}) as { code?: string; message?: string };
    return { isError: true, content: [{ type: 'text', text: `${error.code ?? 'error'}: ${error.message ?? 'the call failed'}` }], structuredContent: body };
  }
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

/** Reads a gate in rounds of the long-poll read until it leaves `pending` or `timeoutSeconds` pass. */
async function waitForGate(deps: AppDeps, actor: Actor, gateId: string, timeoutSeconds: number): Promise<CallToolResult> {
  const deadline = deps.clock.now().getTime() + timeoutSeconds * 1000;
  for (;;) {
    const left = Math.ceil((deadline - deps.clock.now().getTime()) / 1000);
    const wait = Math.max(0, Math.min(GATE_WAIT_MAX_SECONDS, left));
    const response = await callAsAgent(deps, actor, { method: 'GET', path: `/v1/gates/${gateId}`, query: { wait: String(wait) } });
    const gate = (response.body as { gate?: { state?: string } }).gate;
    if (response.status !== 200 || gate?.state !== 'pending' || wait === 0) {
      return toolResult(response.status === 200 ? { ...response, body: { ...(response.body as object), timed_out: gate?.state === 'pending' } } : response);
    }
  }
}

const TURN_PROMPT = (goalId: string) => `You work on the LoopX goal "${goalId}" in bounded turns. Each turn:
1. Call should_run with goal_id "${goalId}" and a new turn_id. If work is false, stop (or, for gate_wait, tell the person the question and call wait_for_gate).
2. Claim the selected todo with claim_todo; keep the lease_version it answers.
3. Do the work. Report what you proved with report_evidence (your turn_id, and delivery_outcome outcome_progress or primary_goal_outcome when it moved the goal).
4. When you need a person's judgment, ask_gate with blocks naming only what it concerns, then keep working on independent todos.
5. Finish with complete_todo: successors for what comes next, or a no_followup reason.
LoopX refuses what a person has not allowed (gate_pending, todo_blocked); read the error and work on something else.`;

/** One MCP server for one authenticated agent: every agent API action as a tool, status and should-run as resources, the turn loop as a prompt. */
export function createLoopxMcpServer(deps: AppDeps, actor: Actor): McpServer {
  const server = new McpServer({ name: 'loopx', version: VERSION });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.input, ...(tool.output ? { outputSchema: tool.output } : {}), annotations: { readOnlyHint: tool.readOnly ?? false } },
      async (args: Record<string, unknown>) => toolResult(await callAsAgent(deps, actor, tool.call(args))),
    );
  }
  server.registerTool(
    'wait_for_gate',
    {
      description: `Wait until a gate you asked is decided (approved, rejected, expired...), or timeout_seconds pass (default 55, at most ${WAIT_FOR_GATE_MAX_SECONDS}); then timed_out is true and the gate is still pending.`,
      inputSchema: { gate_id: z.string().min(1).max(128), timeout_seconds: z.number().int().min(0).max(WAIT_FOR_GATE_MAX_SECONDS).optional() },
      outputSchema: { ...GateAnswer, timed_out: z.boolean() },
      annotations: { readOnlyHint: true },
    },
    async (args) => waitForGate(deps, actor, args.gate_id, args.timeout_seconds ?? 55),
  );
  const json = (uri: URL, body: unknown): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] });
  server.registerResource(
    'goal_status',
    new ResourceTemplate('loopx://goals/{goal_id}/status', { list: undefined }),
    { description: "A goal's lanes, who acts next and its open gates.", mimeType: 'application/json' },
    async (uri, variables) => json(uri, (await callAsAgent(deps, actor, { method: 'GET', path: `/v1/goals/${String(variables.goal_id)}/status` })).body),
  );
  server.registerResource(
    'should_run_packet',
    new ResourceTemplate('loopx://goals/{goal_id}/turns/{turn_id}/should-run', { list: undefined }),
    { description: 'The should-run packet answered for one of your turns.', mimeType: 'application/json' },
    (uri, variables) => {
      const packet = recordedPacket(deps.store, actor, String(variables.goal_id), String(variables.turn_id));
      return json(uri, packet.ok ? packet.value : { error: packet.error });
    },
  );
  server.registerPrompt('loopx_turn', { description: 'The LoopX turn loop for one goal.', argsSchema: { goal_id: z.string() } }, ({ goal_id }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: TURN_PROMPT(goal_id) } }],
  }));
  return server;
}
