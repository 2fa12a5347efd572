import type { GoalStatus } from '../../../src/app/queries/goal-status.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';

/** The board page: what needs a person first, then every goal's Kanban card. */
export function boardPage(input: { needsYou: readonly Html[]; goalCards: readonly Html[]; goals: readonly GoalStatus[] }): Page {
  const needsYou =
    input.needsYou.length === 0 ? html`<p class="empty">Nothing waits for a person right now.</p>` : html`${input.needsYou}`;
  const goals = input.goals.length === 0 ? html`<p class="empty">No goals yet. Run <code>loopx demo</code> for a demo goal, or <code>loopx goal add</code>.</p>` : html`${input.goalCards}`;
  const body = html`<h1>Board</h1>
<section aria-labelledby="needs-you"><h2 id="needs-you">Needs you <span class="count">${input.needsYou.length}</span></h2>
${needsYou}
</section>
<section aria-labelledby="goals"><h2 id="goals">Goals <span class="count">${input.goals.length}</span></h2>
${goals}
</section>`;
  return { title: 'Board', section: 'board', body };
}
