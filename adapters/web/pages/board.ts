import type { GoalStatus } from '../../../src/app/queries/goal-status.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';

/** The board page: what needs the viewer first, then what waits on others, then every goal's Kanban card. */
export function boardPage(input: { needsYou: readonly Html[]; waitingOnOthers: readonly Html[]; goalCards: readonly Html[]; goals: readonly GoalStatus[]; personal: boolean }): Page {
  const empty = input.personal ? 'Nothing needs you right now.' : 'Nothing waits for a person right now.';
  const needsYou = input.needsYou.length === 0 ? html`<p class="empty">${empty}</p>` : html`${input.needsYou}`;
  const others =
    input.waitingOnOthers.length === 0
      ? ''
      : html`<section aria-labelledby="waiting-on-others"><h2 id="waiting-on-others">Waiting on others <span class="count">${input.waitingOnOthers.length}</span></h2>
${input.waitingOnOthers}
</section>`;
  const goals = input.goals.length === 0 ? html`<p class="empty">No goals yet. Run <code>loopx demo</code> for a demo goal, or <code>loopx goal add</code>.</p>` : html`${input.goalCards}`;
  const body = html`<h1>Board</h1>
<section aria-labelledby="needs-you"><h2 id="needs-you">Needs you <span class="count">${input.needsYou.length}</span></h2>
${needsYou}
</section>
${others}
<section aria-labelledby="goals"><h2 id="goals">Goals <span class="count">${input.goals.length}</span></h2>
${goals}
</section>`;
  return { title: 'Board', section: 'board', body };
}
