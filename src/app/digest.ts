import { DEFAULT_DIGEST_LIMITS, digestCard, type DigestView } from '../../cards/digest-card.js';
import type { Locale } from '../kernel/locale.js';
import { fail, type KernelError } from '../kernel/errors.js';
import { ok, type Result } from '../kernel/result.js';
import { formatLocalDate, toLocal } from '../kernel/zoned-time.js';
import { hasRun, lastRun, recordRun } from '../store/job-runs.js';
import type { JobSlot } from './heartbeat.js';
import type { DigestTarget, JobDeps } from './job-ports.js';
import { requireGoal } from './lookup.js';
import { buildDigestView } from './queries/digest.js';
import { must, runWrite } from './write.js';

/** What a digest run did. */
export interface DigestOutcome {
  readonly status: 'posted' | 'already_ran';
  readonly view: DigestView | null;
  readonly posts: number;
}

const DIGEST_ACTOR = { kind: 'system', id: 'digest' } as const;

/**
 * Builds and enqueues one binding's daily digest for its local day. The run record and the outbox entry commit
 * together, so a restart mid-period never posts twice, and the outbox resumes a send cut off by a 429.
 */
export function runDigest(jobs: JobDeps, target: DigestTarget, slot: JobSlot): Result<DigestOutcome, KernelError> {
  const { app } = jobs;
  if (hasRun(app.store, 'digest', target.bindingId, slot.period)) return ok({ status: 'already_ran', view: null, posts: 0 });
  return runWrite<DigestOutcome>(app, { actor: DIGEST_ACTOR, command: 'digest.run', request: { bindingId: target.bindingId, period: slot.period } }, (ctx) => {
    const goal = must(requireGoal(ctx.store, target.goalId));
    if (hasRun(ctx.store, 'digest', target.bindingId, slot.period)) return ok({ status: 'already_ran', view: null, posts: 0 });
    const since = lastRun(ctx.store, 'digest', target.bindingId)?.startedAt ?? null;
    const view = buildDigestView(jobs, goal, { day: slot.period, at: ctx.now, since, late: slot.late, timezone: target.timezone });
    const destination = { kind: 'binding' as const, bindingId: target.bindingId };
    const cardIn = (locale: Locale) => digestCard(view, DEFAULT_DIGEST_LIMITS, { locale });
    const posts = jobs.publish(ctx, { goalId: goal.id, card: cardIn(target.locale), cardIn, destination });
    const note = `${slot.late ? 'late digest' : 'digest'} for ${slot.period} (${target.timezone}) to ${target.label}`;
    if (!recordRun(ctx.store, { job: 'digest', key: target.bindingId, period: slot.period, dueAt: slot.dueAt, startedAt: ctx.at, status: 'posted', late: slot.late, trigger: slot.trigger, note })) {
      return fail('already_exists', `Digest ${slot.period} for ${target.label} was recorded by another run.`);
    }
    ctx.event({ goalId: goal.id, type: 'digest.posted', payload: { binding_id: target.bindingId, day: slot.period, late: slot.late, posts } });
    return ok({ status: 'posted', view, posts });
  });
}

/**
 * The digest a goal or binding would get now, without posting or recording anything (`digest --preview`).
 * `ref` is a goal id or a digest binding id / channel label.
 */
export function previewDigest(jobs: JobDeps, ref: string): Result<DigestView, KernelError> {
  const { store } = jobs.app;
  const target = jobs.digestTargets(store).find((t) => t.bindingId === ref || t.label === ref || t.destination === ref);
  const goal = requireGoal(store, target?.goalId ?? ref);
  if (!goal.ok) return fail('not_found', `No goal or digest binding "${ref}". List goals with \`loopx goal list\` and bindings with \`loopx schedule\`.`);
  const timezone = target?.timezone ?? goal.value.timezone;
  const now = jobs.app.clock.now();
  const since = target ? (lastRun(store, 'digest', target.bindingId)?.startedAt ?? null) : null;
  return ok(buildDigestView(jobs, goal.value, { day: formatLocalDate(toLocal(now, timezone)), at: now, since, late: false, timezone }));
}
