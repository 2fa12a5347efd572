import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';

/** The digest preview: what each goal's daily digest would post right now (nothing is posted or recorded). */
export function digestPage(cards: readonly Html[], goals: readonly { id: string; title: string }[], selected: string | null): Page {
  const options = goals.map((g) => html`<option value="${g.id}"${g.id === selected ? html` selected` : ''}>${g.title} (${g.id})</option>`);
  const body = html`<h1>Digest preview</h1>
<p>What the daily digest would say now: <em>Needs you</em>, <em>Blocked</em>, <em>Done</em>, <em>Stale agents</em>, <em>Spend and progress</em>. Previewing posts and records nothing (<code>loopx digest --preview &lt;goal&gt;</code> shows the same).</p>
<form method="get" action="/digest" class="filter"><label class="field">Goal <select name="goal"><option value="">All goals</option>${options}</select></label> <button type="submit" class="btn">Show</button></form>
${cards.length === 0 ? html`<p class="empty">No goals yet.</p>` : cards}`;
  return { title: 'Digest preview', section: 'digest', body };
}
