import type { GoalDetail } from '../../../src/app/queries/board.js';
import type { LanedTodo } from '../../../src/app/queries/goal-status.js';
import type { HandoffWire } from '../../../src/contract/monitor-wire.js';
import type { Evidence } from '../../../src/kernel/entities.js';
import { isLeaseActive } from '../../../src/kernel/lease.js';
import { LANE_LABELS, LANES } from '../../../src/kernel/lanes.js';
import { formatAge, formatWhen } from '../format.js';
import { html, safeHref, type Html } from '../html.js';
import type { Page } from '../layout.js';

function claimHtml({ todo }: LanedTodo, now: Date, timezone: string): Html | '' {
  if (todo.claimedBy === null) return '';
  if (todo.leaseExpiresAt !== null && isLeaseActive(todo, now)) {
    return html`<span class="meta">claimed by ${todo.claimedBy} · lease until ${formatWhen(todo.leaseExpiresAt, timezone)} (v${todo.leaseVersion})</span>`;
  }
  return html`<span class="meta">claimed by ${todo.claimedBy} · no active lease</span>`;
}

/** What the last holder left for the next one: the summary, the next steps and the open questions. */
function handoffHtml(handoff: HandoffWire | undefined, timezone: string): Html | '' {
  if (!handoff) return '';
  const steps = handoff.next_steps?.length ? html`<br>Next: ${handoff.next_steps.join('; ')}` : '';
  const questions = handoff.open_questions?.length ? html`<br>Open questions: ${handoff.open_questions.join('; ')}` : '';
  return html`<div class="meta handoff">Handoff from ${handoff.from.replace(/^agent:/, '')}, ${formatWhen(handoff.at, timezone)}: ${handoff.summary}${steps}${questions}</div>`;
}

function todoHtml(laned: LanedTodo, now: Date, timezone: string, handoff?: HandoffWire): Html {
  const { todo } = laned;
  const why = todo.status === 'blocked' && todo.blockedReason ? html` <span class="meta">blocked: ${todo.blockedReason}</span>` : '';
  return html`<li class="item"><span class="meta">${todo.priority}</span> ${todo.text} ${claimHtml(laned, now, timezone)}${why}${handoffHtml(handoff, timezone)}</li>`;
}

function lanesHtml(detail: GoalDetail, now: Date): Html {
  return html`<div class="lanes">${LANES.map((lane) => {
    const todos = detail.todos.filter((t) => t.lane === lane);
    const count = detail.todoLanes[lane];
    const more = count > todos.length ? html`<p class="meta">… and ${count - todos.length} more: <code>loopx todo list ${detail.goal.id}</code></p>` : '';
    return html`<section class="lane lane-${lane}" aria-label="${LANE_LABELS[lane]}: ${count}"><h3>${LANE_LABELS[lane]} <span class="count">${count}</span></h3>${
      todos.length > 0 ? html`<ul class="items">${todos.map((t) => todoHtml(t, now, detail.goal.timezone, detail.handoffs.get(t.todo.id)))}</ul>` : ''
    }${more}</section>`;
  })}</div>`;
}

function evidenceHtml(evidence: Evidence, timezone: string): Html {
  const href = evidence.url ? safeHref(evidence.url) : null;
  const by = evidence.agentId ? `by ${evidence.agentId}` : 'by an operator';
  const outcome = evidence.deliveryOutcome ? ` · ${evidence.deliveryOutcome.replace(/_/g, ' ')}` : '';
  return html`<li><strong>${evidence.kind}</strong> ${evidence.summary}${href ? html` <a href="${href}">link</a>` : ''}<br><span class="meta">${formatWhen(evidence.createdAt, timezone)} · ${by}${outcome}${evidence.todoId ? ` · ${evidence.todoId}` : ''}</span></li>`;
}

function quotaHtml(detail: GoalDetail): Html {
  const { quota, goal } = detail;
  const next = quota.nextEligibleAt ? ` · next slot ${formatWhen(quota.nextEligibleAt, goal.timezone)}` : '';
  const tone = quota.state === 'eligible' ? 'tone-good' : 'tone-warning';
  return html`<h2>Quota</h2><p><span class="badge ${tone}">${quota.state}</span> ${quota.spent} of ${quota.allowed} slots used in the last ${quota.windowHours} h${next}</p>`;
}

/** The goal page: objective, people, gates, lanes with every todo's claim and lease, quota, charts and the evidence timeline. */
export function goalPage(detail: GoalDetail, now: Date, extra: { gates: Html; charts?: Html }): Page {
  const { goal } = detail;
  const owners = detail.members.map((m) => `${m.name} (${m.role})`).join(', ') || 'none';
  const agents = detail.agents.map((a) => `${a.id}${a.lastSeenAt ? ` · seen ${formatAge(a.lastSeenAt, now)}` : ' · never seen'}`).join(', ') || 'none';
  const body = html`<h1>${goal.title} <span class="badge">${goal.status}</span></h1>
<p>${goal.objective}</p>
<dl class="fields"><div><dt>People</dt><dd>${owners}</dd></div><div><dt>Agents</dt><dd>${agents}</dd></div><div><dt>Next</dt><dd>${detail.next}</dd></div><div><dt>Times in</dt><dd>${goal.timezone}</dd></div></dl>
${extra.gates}
<h2>Lanes</h2>
${lanesHtml(detail, now)}
${quotaHtml(detail)}
${extra.charts ?? ''}
<h2>Evidence timeline</h2>
${detail.evidence.length === 0 ? html`<p class="empty">No evidence yet.</p>` : html`<ol class="timeline">${detail.evidence.map((e) => evidenceHtml(e, goal.timezone))}</ol>`}
<p><a href="/audit?goal=${goal.id}">Audit trail for this goal</a></p>`;
  return { title: goal.title, section: 'board', body };
}
