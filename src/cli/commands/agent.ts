import { addAgent, registerAgent, revokeAgentAccess, rotateAgentToken, type AgentCredentials } from '../../app/agents.js';
import { AgentAddOutput, AgentListOutput, AgentOutput } from '../../contract/cli-output.js';
import { agentToWire } from '../../contract/wire.js';
import type { KernelError } from '../../kernel/errors.js';
import type { Result } from '../../kernel/result.js';
import { listAgents } from '../../store/agents.js';
import { positional, requiredFlag, slugArg, stringFlag, type Command } from '../command.js';
import { output, table } from '../output.js';

/** Prints credentials once, as JSON or as lines with the warning that they will not be shown again. */
function credentialsOutput(result: Result<AgentCredentials, KernelError>, headline: (c: AgentCredentials) => string) {
  return output(
    result,
    (c) => ({ agent_id: c.agent.id, token: c.token, ...(c.signingSecret ? { signing_secret: c.signingSecret } : {}), agent: agentToWire(c.agent) }),
    (c) =>
      [
        headline(c),
        `token: ${c.token}`,
        ...(c.signingSecret ? [`signing secret: ${c.signingSecret}`] : []),
        'Store these now: LoopX keeps only a hash of the token and will not show them again.',
      ].join('\n'),
  );
}

/** `loopx agent …` commands. */
export const agentCommands: readonly Command[] = [
  {
    path: ['agent', 'add'],
    summary: 'Add an agent on a goal; prints its token (and signing secret) once.',
    usage: 'loopx agent add <id> --goal <goal> [--name <n>] [--signing]',
    minPositionals: 1,
    options: { goal: { type: 'string' }, name: { type: 'string' }, signing: { type: 'boolean' } },
    optionHelp: { goal: 'the goal it works on', name: 'display name', signing: 'also create a signing secret; the agent must then sign every request' },
    output: AgentAddOutput,
    async run(ctx) {
      const input = { id: slugArg(positional(ctx, 0, 'id'), 'agent id'), goalId: requiredFlag(ctx.flags, 'goal'), name: stringFlag(ctx.flags, 'name'), signing: ctx.flags.signing === true };
      const deps = await ctx.openApp();
      return credentialsOutput(addAgent(deps, ctx.origin, input), (c) => `Added agent ${c.agent.id} on ${input.goalId}.`);
    },
  },
  {
    path: ['agent', 'token', 'rotate'],
    summary: "Give an agent a new token (and signing secret); the old one stops working at once.",
    usage: 'loopx agent token rotate <id>',
    minPositionals: 1,
    output: AgentAddOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return credentialsOutput(rotateAgentToken(deps, ctx.origin, positional(ctx, 0, 'id')), (c) => `New credentials for ${c.agent.id} (${c.agent.goals.join(', ')}); the old ones no longer work.`);
    },
  },
  {
    path: ['agent', 'register'],
    summary: 'Register an existing agent on another goal.',
    usage: 'loopx agent register <id> --goal <goal>',
    minPositionals: 1,
    options: { goal: { type: 'string' } },
    optionHelp: { goal: 'the goal to add it to' },
    output: AgentOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const goalId = requiredFlag(ctx.flags, 'goal');
      return output(registerAgent(deps, ctx.origin, positional(ctx, 0, 'id'), goalId), (a) => ({ agent: agentToWire(a) }), (a) => `${a.id} works on ${a.goals.join(', ')}.`);
    },
  },
  {
    path: ['agent', 'revoke'],
    summary: 'Revoke an agent: its token stops working at once.',
    usage: 'loopx agent revoke <id>',
    minPositionals: 1,
    output: AgentOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(revokeAgentAccess(deps, ctx.origin, positional(ctx, 0, 'id')), (a) => ({ agent: agentToWire(a) }), (a) => `Revoked ${a.id}.`);
    },
  },
  {
    path: ['agent', 'list'],
    summary: 'List agents, their goals and when they were last seen.',
    usage: 'loopx agent list',
    output: AgentListOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(
        { ok: true, value: listAgents(deps.store) },
        (agents) => ({ agents: agents.map(agentToWire) }),
        (agents) => (agents.length === 0 ? 'No agents yet. Add one with `loopx agent add`.' : table(agents.map((a) => [a.id, a.status, a.goals.join(','), a.lastSeenAt ?? 'never seen']))),
      );
    },
  },
];
