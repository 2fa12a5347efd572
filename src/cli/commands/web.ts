import type { AppDeps } from '../../app/deps.js';
import { DEMO_GOAL_ID, DEMO_OWNER_ID, isEmptyDatabase, seedDemo } from '../../app/demo.js';
import { issueLoginLink, type LoginLink, type WebSessionPolicy } from '../../app/web-sessions.js';
import { boardUrl, type Config } from '../../config.js';
import { DemoOutput, WebLoginOutput } from '../../contract/cli-output.js';
import type { KernelError } from '../../kernel/errors.js';
import { ok, type Result } from '../../kernel/result.js';
import { findGoal } from '../../store/goals.js';
import { findPerson } from '../../store/people.js';
import { positional, slugArg, type CliContext, type Command } from '../command.js';
import { output } from '../output.js';

function sessionPolicy(config: Config): WebSessionPolicy {
  return { loginLinkMinutes: config.LOOPX_WEB_LOGIN_MINUTES, sessionHours: config.LOOPX_WEB_SESSION_HOURS };
}

/** The URL of a one-time login link (the only secret ever put in a URL). */
export function loginUrl(base: string, link: LoginLink): string {
  return `${base}/login?token=${encodeURIComponent(link.token)}`;
}

function issue(ctx: CliContext, deps: AppDeps, personId: string): Result<LoginLink, KernelError> {
  return issueLoginLink(deps, { actor: ctx.actor }, personId, sessionPolicy(ctx.config));
}

/**
 * What `serve` does for a newcomer (LOOPX_DEMO=auto): seed the demo on an empty database, and while the demo
 * goal exists print a fresh one-time login link for its owner, so the first command shows a working board.
 */
export function demoOnStart(ctx: CliContext, deps: AppDeps, base: string): void {
  if (ctx.config.LOOPX_DEMO !== 'auto') return;
  if (isEmptyDatabase(deps)) {
    const seeded = seedDemo(deps, { actor: ctx.actor }, ctx.config.LOOPX_LOCALE);
    if (!seeded.ok) return ctx.print(`Could not seed the demo: ${seeded.error.message}`);
    ctx.print(`Empty database: seeded the demo goal "${DEMO_GOAL_ID}" (set LOOPX_DEMO=off to start empty).`);
  }
  if (!findGoal(deps.store, DEMO_GOAL_ID) || !findPerson(deps.store, DEMO_OWNER_ID)) return;
  const link = issue(ctx, deps, DEMO_OWNER_ID);
  if (link.ok) ctx.print(`Sign in as the demo owner (one-time link, valid until ${link.value.expiresAt}):\n  ${loginUrl(base, link.value)}`);
}

/** `loopx web login`, `loopx demo`. */
export const webCommands: readonly Command[] = [
  {
    path: ['web', 'login'],
    summary: 'Print a one-time link that signs a person in to the web board.',
    usage: 'loopx web login <person>',
    minPositionals: 1,
    output: WebLoginOutput,
    async run(ctx) {
      const personId = slugArg(positional(ctx, 0, 'person'), 'person id');
      const deps = await ctx.openApp();
      const base = boardUrl(ctx.config, ctx.config.LOOPX_PORT);
      return output(
        issue(ctx, deps, personId),
        (link) => ({ person_id: link.personId, url: loginUrl(base, link), expires_at: link.expiresAt }),
        (link) => `Open this link to sign in as ${link.personId} (works once, until ${link.expiresAt}):\n${loginUrl(base, link)}`,
      );
    },
  },
  {
    path: ['demo'],
    summary: 'Seed a demo goal (two agents, todos in several lanes, evidence) into an empty database.',
    usage: 'loopx demo',
    output: DemoOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const seeded = seedDemo(deps, { actor: ctx.actor }, ctx.config.LOOPX_LOCALE);
      if (!seeded.ok) return seeded;
      const link = issue(ctx, deps, seeded.value.ownerId);
      if (!link.ok) return link;
      const base = boardUrl(ctx.config, ctx.config.LOOPX_PORT);
      const data = { goal_id: seeded.value.goalId, owner_id: seeded.value.ownerId, agents: [...seeded.value.agents], todos: seeded.value.todos, board_url: `${base}/`, login_url: loginUrl(base, link.value) };
      return ok({
        data: { schema_version: 1 as const, ...data },
        text: `Seeded goal "${data.goal_id}" with ${data.todos} todos and agents ${data.agents.join(', ')}.\nStart the server with \`loopx serve\`, then open ${data.board_url}\nSign in as ${data.owner_id} (one-time link): ${data.login_url}`,
      });
    },
  },
];
