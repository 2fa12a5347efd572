import type { LedgerRow } from '../../../src/app/queries/board.js';
import { html } from '../html.js';
import type { Page } from '../layout.js';

/** The audit page: the newest ledger rows, filterable by goal with a plain GET form (URL state, not goal state). */
export function auditPage(rows: readonly LedgerRow[], goals: readonly { id: string; title: string }[], selected: string | null, limit: number): Page {
  const options = goals.map((g) => html`<option value="${g.id}"${g.id === selected ? html` selected` : ''}>${g.title} (${g.id})</option>`);
  const body = html`<h1>Audit trail</h1>
<p>The append-only, hash-chained ledger; every change and every refused decision is here. Newest first, at most ${limit} rows; times in UTC. <code>loopx audit verify</code> checks the chain.</p>
<form method="get" action="/audit" class="filter"><label class="field">Goal <select name="goal"><option value="">All goals</option>${options}</select></label> <button type="submit" class="btn">Filter</button></form>
<div class="table-wrap"><table>
<caption class="meta">${rows.length} event(s)${selected ? ` for goal ${selected}` : ''}</caption>
<thead><tr><th scope="col">#</th><th scope="col">At (UTC)</th><th scope="col">Goal</th><th scope="col">Actor</th><th scope="col">Event</th><th scope="col">Details</th></tr></thead>
<tbody>${rows.map((e) => html`<tr><td>${e.seq}</td><td>${e.at.replace('T', ' ').slice(0, 19)}</td><td>${e.goal_id ?? '–'}</td><td>${e.actor}</td><td>${e.type}</td><td><code>${e.payload}</code></td></tr>`)}</tbody>
</table></div>`;
  return { title: 'Audit trail', section: 'audit', body };
}
