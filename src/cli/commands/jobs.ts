import { cardToText } from '../../../cards/text.js';
import { digestCard } from '../../../cards/digest-card.js';
import { heartbeatCard } from '../../../cards/heartbeat-card.js';
import { previewDigest } from '../../app/digest.js';
import { manualSlot, runHeartbeat } from '../../app/heartbeat.js';
import { createJobDeps } from '../../app/job-deps.js';
import { upcomingRuns } from '../../app/job-schedule.js';
import { DigestPreviewOutput, HeartbeatRunOutput, ScheduleOutput } from '../../contract/cli-output.js';
import { flagOrPositional, type Command } from '../command.js';
import { output, table } from '../output.js';

/** `loopx heartbeat --run`, `loopx digest --preview`, `loopx schedule`. */
export const jobCommands: readonly Command[] = [
  {
    path: ['heartbeat'],
    summary: 'Run one heartbeat for a goal now: expire leases, flag stale agents, resume deferred todos, sweep gates.',
    usage: 'loopx heartbeat <goal>  (or --run <goal>)',
    options: { run: { type: 'string' } },
    optionHelp: { run: 'the goal to run the heartbeat for' },
    output: HeartbeatRunOutput,
    async run(ctx) {
      const goalId = flagOrPositional(ctx, 'run', 'goal');
      const deps = await ctx.openApp();
      return output(
        runHeartbeat(createJobDeps(deps), goalId, manualSlot(deps.clock.now())),
        (run) => ({
          goal_id: goalId,
          status: run.status,
          note: run.note,
          posts: run.posts,
          expired_leases: run.view?.expiredLeases.map((l) => ({ todo_id: l.todoId, agent_id: l.agentId })) ?? [],
          stale_agents: run.view?.staleAgents.map((s) => s.agentId) ?? [],
          recovered_agents: [...(run.view?.recoveredAgents ?? [])],
          resumed_todos: run.view?.resumedTodos.map((t) => t.todoId) ?? [],
          expired_gates: run.view?.expiredGates.map((g) => g.gateId) ?? [],
          reminders: run.view?.reminders.map((r) => ({ gate_id: r.gateId, step: r.step, people: r.people.map((p) => p.name) })) ?? [],
        }),
        (run) => (run.status === 'posted' && run.view ? `${cardToText(heartbeatCard(run.view))}\n(${run.note})` : `Heartbeat for ${goalId}: ${run.note}.`),
      );
    },
  },
  {
    path: ['digest'],
    summary: 'Print the daily digest a goal or digest binding would get now, without posting it.',
    usage: 'loopx digest <goal|binding>  (or --preview <goal|binding>)',
    options: { preview: { type: 'string' } },
    optionHelp: { preview: 'a goal id, or a digest binding id or channel as `loopx schedule` lists it' },
    output: DigestPreviewOutput,
    async run(ctx) {
      const ref = flagOrPositional(ctx, 'preview', 'goal|binding');
      const deps = await ctx.openApp();
      return output(
        previewDigest(createJobDeps(deps), ref),
        (view) => ({
          goal_id: view.goalId,
          day: view.day,
          timezone: view.timezone,
          needs_you: view.needsYou.length,
          blocked: view.blocked.length,
          done: view.done.length,
          stale_agents: view.staleAgents.map((s) => s.agentId),
          text: cardToText(digestCard(view)),
        }),
        (view) => cardToText(digestCard(view)),
      );
    },
  },
  {
    path: ['schedule'],
    summary: 'List the next heartbeat and digest runs with their local times.',
    usage: 'loopx schedule',
    output: ScheduleOutput,
    async run(ctx) {
      const deps = await ctx.openApp();
      const runs = upcomingRuns(createJobDeps(deps), deps.clock.now());
      return output(
        { ok: true, value: runs },
        (all) => ({ runs: all.map((r) => ({ job: r.job, key: r.key, goal_id: r.goalId, cron: r.cron, timezone: r.timezone, next_at: r.at, next_local: r.localTime })) }),
        (all) =>
          all.length === 0
            ? 'Nothing is scheduled: add a goal (`loopx goal add`) or bind a digest channel (`loopx goal bind ... --purpose digest`).'
            : table([['JOB', 'FOR', 'NEXT (LOCAL)', 'TIMEZONE', 'CRON'], ...all.map((r) => [r.job, r.key, r.localTime, r.timezone, r.cron])]),
      );
    },
  },
];
