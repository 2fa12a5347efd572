import type { Translator } from '../../../cards/i18n/index.js';
import type { GoalDetail } from '../../../src/app/queries/board.js';
import type { LanedTodo } from '../../../src/app/queries/goal-status.js';
import type { HandoffWire } from '../../../src/contract/monitor-wire.js';
import type { Evidence } from '../../../src/kernel/entities.js';
import { isLeaseActive } from '../../../src/kernel/lease.js';
import { LANES } from '../../../src/kernel/lanes.js';
import { formatWhen } from '../format.js';
import { html, safeHref, type Html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';

/** How the goal page says things: in the viewer's language, times in their timezone (else the goal's; named once, under "Times in"). */
interface Say {
  readonly tr: Translator;
  readonly timezone: string;
  readonly now: Date;
}

function claimHtml({ todo }: LanedTodo, say: Say): Html | '' {
  if (todo.claimedBy === null) return '';
  if (todo.leaseExpiresAt !== null && isLeaseActive(todo, say.now)) {
    return html`<span class="meta">${say.tr.t('web.todo.claimed', { agent: todo.claimedBy, time: formatWhen(say.tr, todo.leaseExpiresAt, say.timezone), version: todo.leaseVersion })}</span>`;
  }
  return html`<span class="meta">${say.tr.t('web.todo.claimedNoLease', { agent: todo.claimedBy })}</span>`;
}

/** What the last holder left for the next one: the summary, the next steps and the open questions. */
function handoffHtml(handoff: HandoffWire | undefined, say: Say): Html | '' {
  if (!handoff) return '';
  const { tr } = say;
  const steps = handoff.next_steps?.length ? html`<br>${tr.t('web.handoff.next', { steps: handoff.next_steps.join(tr.t('web.list.semicolon')) })}` : '';
  const questions = handoff.open_questions?.length ? html`<br>${tr.t('web.handoff.questions', { questions: handoff.open_questions.join(tr.t('web.list.semicolon')) })}` : '';
  const from = tr.t('web.handoff', { from: handoff.from.replace(/^agent:/, ''), time: formatWhen(say.tr, handoff.at, say.timezone), summary: handoff.summary });
  return html`<div class="meta handoff">${from}${steps}${questions}</div>`;
}

function todoHtml(laned: LanedTodo, say: Say, handoff?: HandoffWire): Html {
  const { todo } = laned;
  const why = todo.status === 'blocked' && todo.blockedReason ? html` <span class="meta">${say.tr.t('web.todo.blocked', { reason: todo.blockedReason })}</span>` : '';
  return html`<li class="item"><span class="meta">${todo.priority}</span> ${todo.text} ${claimHtml(laned, say)}${why}${handoffHtml(handoff, say)}</li>`;
}

function lanesHtml(detail: GoalDetail, say: Say): Html {
  return html`<div class="lanes">${LANES.map((lane) => {
    const todos = detail.todos.filter((t) => t.lane === lane);
    const count = detail.todoLanes[lane];
    const label = say.tr.t(`board.lane.${lane}`);
    const more = count > todos.length ? html`<p class="meta">${tHtml(say.tr, 'web.lane.more', { count: count - todos.length, command: html`<code>loopx todo list ${detail.goal.id}</code>` })}</p>` : '';
    return html`<section class="lane lane-${lane}" aria-label="${label}: ${count}"><h3>${label} <span class="count">${count}</span></h3>${
      todos.length > 0 ? html`<ul class="items">${todos.map((t) => todoHtml(t, say, detail.handoffs.get(t.todo.id)))}</ul>` : ''
    }${more}</section>`;
  })}</div>`;
}

function evidenceHtml(evidence: Evidence, say: Say): Html {
  const { tr } = say;
  const href = evidence.url ? safeHref(evidence.url) : null;
  const by = evidence.agentId ? tr.t('web.evidence.byAgent', { agent: evidence.agentId }) : tr.t('web.evidence.byOperator');
  const outcome = evidence.deliveryOutcome ? ` · ${tr.t(`web.outcome.${evidence.deliveryOutcome}`)}` : '';
  return html`<li><strong>${tr.t(`evidence.kind.${evidence.kind}`)}</strong> ${evidence.summary}${href ? html` <a href="${href}">${tr.t('web.evidence.link')}</a>` : ''}<br><span class="meta">${formatWhen(say.tr, evidence.createdAt, say.timezone)} · ${by}${outcome}${evidence.todoId ? ` · ${evidence.todoId}` : ''}</span></li>`;
}

/** "3 of 10 slots used in the last 24 h": the quota's words, on the goal page and its gauge. */
export function quotaWords(tr: Translator, quota: GoalDetail['quota']): string {
  return tr.t('web.quota.used', { spent: quota.spent, allowed: quota.allowed, hours: quota.windowHours });
}

function quotaHtml(detail: GoalDetail, say: Say): Html {
  const { quota } = detail;
  const next = quota.nextEligibleAt ? say.tr.t('web.quota.next', { time: formatWhen(say.tr, quota.nextEligibleAt, say.timezone) }) : '';
  const tone = quota.state === 'eligible' ? 'tone-good' : 'tone-warning';
  return html`<h2>${say.tr.t('web.goal.quota')}</h2><p><span class="badge ${tone}">${say.tr.t(`web.quota.${quota.state}`)}</span> ${quotaWords(say.tr, quota)}${next}</p>`;
}

/** The goal page: objective, people, gates, lanes with every todo's claim and lease, quota, charts and the evidence timeline. */
export function goalPage(tr: Translator, detail: GoalDetail, now: Date, extra: { gates: Html; charts?: Html; next: string; timezone: string | null }): Page {
  const { goal } = detail;
  const say: Say = { tr, timezone: extra.timezone ?? goal.timezone, now };
  const none = tr.t('web.none');
  const owners = detail.members.map((m) => tr.t('web.goal.member', { name: m.name, role: tr.t(`web.role.${m.role}`) })).join(tr.t('names.separator')) || none;
  const agents = detail.agents.map((a) => (a.lastSeenAt ? tr.t('web.goal.agentSeen', { agent: a.id, ago: tr.ago(a.lastSeenAt, now.toISOString()) }) : tr.t('web.goal.agentNever', { agent: a.id }))).join(tr.t('names.separator')) || none;
  const body = html`<h1>${goal.title} <span class="badge">${tr.t(`board.status.${goal.status}`)}</span></h1>
<p>${goal.objective}</p>
<dl class="fields"><div><dt>${tr.t('web.goal.people')}</dt><dd>${owners}</dd></div><div><dt>${tr.t('web.goal.agents')}</dt><dd>${agents}</dd></div><div><dt>${tr.t('web.goal.next')}</dt><dd>${extra.next}</dd></div><div><dt>${tr.t('web.goal.timesIn')}</dt><dd>${say.timezone}</dd></div></dl>
${extra.gates}
<h2>${tr.t('web.goal.lanes')}</h2>
${lanesHtml(detail, say)}
${quotaHtml(detail, say)}
${extra.charts ?? ''}
<h2>${tr.t('web.goal.evidence')}</h2>
${detail.evidence.length === 0 ? html`<p class="empty">${tr.t('web.goal.noEvidence')}</p>` : html`<ol class="timeline">${detail.evidence.map((e) => evidenceHtml(e, say))}</ol>`}
<p><a href="/audit?goal=${goal.id}">${tr.t('web.goal.audit')}</a></p>`;
  return { title: goal.title, section: 'board', body };
}
