import type { Translator } from '../../../cards/i18n/index.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';

/** The goal filter of the digest and audit pages: a plain GET form (URL state, not goal state). */
export function goalFilter(tr: Translator, action: string, options: readonly Html[], button: string): Html {
  return html`<form method="get" action="${action}" class="filter"><label class="field">${tr.t('gate.field.goal')} <select name="goal"><option value="">${tr.t('web.filter.allGoals')}</option>${options}</select></label> <button type="submit" class="btn">${button}</button></form>`;
}

/** The digest preview: what each goal's daily digest would post right now (nothing is posted or recorded). */
export function digestPage(tr: Translator, cards: readonly Html[], goals: readonly { id: string; title: string }[], selected: string | null): Page {
  const options = goals.map((g) => html`<option value="${g.id}"${g.id === selected ? html` selected` : ''}>${g.title} (${g.id})</option>`);
  const em = (text: string) => html`<em>${text}</em>`;
  const intro = tHtml(tr, 'web.digest.intro', {
    needsYou: em(tr.t('web.board.needsYou')),
    blocked: em(tr.t('board.lane.blocked')),
    done: em(tr.t('board.lane.done')),
    stale: em(tr.t('web.digest.stale')),
    spend: em(tr.t('web.digest.spend')),
    command: html`<code>loopx digest --preview &lt;goal&gt;</code>`,
  });
  const title = tr.t('web.nav.digest');
  const body = html`<h1>${title}</h1>
<p>${intro}</p>
${goalFilter(tr, '/digest', options, tr.t('web.filter.show'))}
${cards.length === 0 ? html`<p class="empty">${tr.t('web.digest.noGoals')}</p>` : cards}`;
  return { title, section: 'digest', body };
}
