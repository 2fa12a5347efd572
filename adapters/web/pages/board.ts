import type { Translator } from '../../../cards/i18n/index.js';
import type { GoalStatus } from '../../../src/app/queries/goal-status.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';

/** The board page: what needs the viewer first, then what waits on others, then every goal's Kanban card. */
export function boardPage(tr: Translator, input: { needsYou: readonly Html[]; waitingOnOthers: readonly Html[]; goalCards: readonly Html[]; goals: readonly GoalStatus[]; personal: boolean }): Page {
  const empty = tr.t(input.personal ? 'web.board.empty.personal' : 'web.board.empty.anyone');
  const needsYou = input.needsYou.length === 0 ? html`<p class="empty">${empty}</p>` : html`${input.needsYou}`;
  const others =
    input.waitingOnOthers.length === 0
      ? ''
      : html`<section aria-labelledby="waiting-on-others"><h2 id="waiting-on-others">${tr.t('web.board.waitingOnOthers')} <span class="count">${input.waitingOnOthers.length}</span></h2>
${input.waitingOnOthers}
</section>`;
  const noGoals = tHtml(tr, 'web.board.noGoals', { demo: html`<code>loopx demo</code>`, add: html`<code>loopx goal add</code>` });
  const goals = input.goals.length === 0 ? html`<p class="empty">${noGoals}</p>` : html`${input.goalCards}`;
  const title = tr.t('web.nav.board');
  const body = html`<h1>${title}</h1>
<section aria-labelledby="needs-you"><h2 id="needs-you">${tr.t('web.board.needsYou')} <span class="count">${input.needsYou.length}</span></h2>
${needsYou}
</section>
${others}
<section aria-labelledby="goals"><h2 id="goals">${tr.t('web.board.goals')} <span class="count">${input.goals.length}</span></h2>
${goals}
</section>`;
  return { title, section: 'board', body };
}
