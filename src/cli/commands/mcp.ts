import { z } from 'zod';
import { agentForToken } from '../../app/agents.js';
import { fail } from '../../kernel/errors.js';
import { ok } from '../../kernel/result.js';
import { stringFlag, UsageError, type Command } from '../command.js';

/** `loopx mcp`: the agent API as a Model Context Protocol server over stdio, for one agent. */
export const mcpCommands: readonly Command[] = [
  {
    path: ['mcp'],
    summary: "Serve one agent's LoopX tools over MCP on stdio (for Claude Code, Codex, Cursor...).",
    usage: 'loopx mcp --token <agent token>   (or LOOPX_AGENT_TOKEN in the environment)',
    options: { token: { type: 'string' } },
    optionHelp: { token: 'the agent token `loopx agent add` printed; LOOPX_AGENT_TOKEN works too and keeps it out of the process list' },
    output: z.object({ schema_version: z.literal(1), agent_id: z.string() }),
    async run(ctx) {
      const token = stringFlag(ctx.flags, 'token') ?? process.env.LOOPX_AGENT_TOKEN;
      if (!token) throw new UsageError('Give the agent token: --token <token> or LOOPX_AGENT_TOKEN (`loopx agent add <agent> --goal <goal>` prints one).');
      const deps = await ctx.openApp();
      const agent = agentForToken(deps, token);
      if (!agent) return fail('unauthenticated', 'The agent token is not valid; ask an operator for one (`loopx agent add` or `loopx agent token rotate`).');
      if (agent.status !== 'active') return fail('agent_revoked', `Agent ${agent.id} was revoked; an operator can run \`loopx agent token rotate ${agent.id}\`.`);
      const { serveMcpOverStdio } = await import('../../mcp/stdio.js');
      await serveMcpOverStdio(deps, { kind: 'agent', id: agent.id });
      deps.store.close();
      return ok({ data: { schema_version: 1 as const, agent_id: agent.id }, text: '' });
    },
  },
];
