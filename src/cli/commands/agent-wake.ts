import { clearWake, setWake, showWake, testWake, wakeToWire, type WakeView } from '../../app/agents/wake.js';
import { WakeClearOutput, WakeOutput, WakeTestOutput } from '../../contract/cli-output.js';
import { positional, requiredFlag, type Command } from '../command.js';
import { output } from '../output.js';

function describe(view: WakeView): string {
  const lines = [`${view.agentId} is woken at ${view.url}.`, `${view.pending} event(s) waiting${view.lastError ? `; last error: ${view.lastError}` : ''}.`];
  for (const event of view.recent) lines.push(`  ${event.created_at}  ${event.type}  ${event.state}${event.attempts > 1 ? ` after ${event.attempts} attempts` : ''}`);
  return lines.join('\n');
}

/** `loopx agent wake …`: where LoopX wakes an agent when a person decides (Standard Webhooks). */
export const agentWakeCommands: readonly Command[] = [
  {
    path: ['agent', 'wake', 'set'],
    summary: 'Wake an agent at a URL when its gate is decided or work appears; prints the signing secret once.',
    usage: 'loopx agent wake set <agent> --url <url>',
    minPositionals: 1,
    options: { url: { type: 'string' } },
    optionHelp: { url: 'where LoopX POSTs signed wake events, e.g. http://127.0.0.1:7070/wake' },
    output: WakeOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const result = setWake(deps, ctx.origin, positional(ctx, 0, 'agent'), requiredFlag(ctx.flags, 'url'));
      return output(result, (v) => ({ wake: wakeToWire(v) }), (v) => [`${v.agentId} is woken at ${v.url}.`, `signing secret: ${v.secret}`, 'Store it now: verify every wake with it (docs/agents.md); it is not shown again.'].join('\n'));
    },
  },
  {
    path: ['agent', 'wake', 'show'],
    summary: "Show an agent's wake URL and its recent wake events.",
    usage: 'loopx agent wake show <agent>',
    minPositionals: 1,
    output: WakeOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      return output(showWake(deps, positional(ctx, 0, 'agent')), (v) => ({ wake: wakeToWire(v) }), describe);
    },
  },
  {
    path: ['agent', 'wake', 'test'],
    summary: "Send a signed test wake to the agent's URL now and show what it answered.",
    usage: 'loopx agent wake test <agent>',
    minPositionals: 1,
    output: WakeTestOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const result = await testWake(deps, positional(ctx, 0, 'agent'));
      return output(result, (r) => ({ test: { delivered: true as const, url: r.url, status: r.status, ms: r.ms } }), (r) => `Delivered a test wake to ${r.url}: HTTP ${r.status} in ${r.ms} ms.`);
    },
  },
  {
    path: ['agent', 'wake', 'clear'],
    summary: 'Stop waking an agent; events still queued for it are dropped.',
    usage: 'loopx agent wake clear <agent>',
    minPositionals: 1,
    output: WakeClearOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const agentId = positional(ctx, 0, 'agent');
      return output(clearWake(deps, ctx.origin, agentId), (r) => r, (r) => (r.removed ? `${agentId} is no longer woken.` : `${agentId} had no wake URL; nothing changed.`));
    },
  },
];
