import type { LedgerRow } from '../../../src/app/queries/board.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';

/** One ledger row as the audit page shows it: a sentence, its goal, and the raw row behind a disclosure. */
export interface AuditLine {
  readonly row: LedgerRow;
  readonly sentence: string;
  readonly goalTitle: string;
}

function when(at: string): string {
  return `${at.replace('T', ' ').slice(0, 16)} UTC`;
}

/** A ledger row in words; its raw JSON (ids, type, hash chain position) is one tap away. */
export function auditLineHtml(line: AuditLine): Html {
  const { row } = line;
  return html`<li class="ledger-row" data-type="${row.type}"><p class="sentence">${line.sentence}</p>
<p class="meta">${when(row.at)} · ${line.goalTitle}</p>
<details><summary>Raw event #${row.seq}</summary><pre class="raw"><code>${JSON.stringify({ seq: row.seq, at: row.at, type: row.type, actor: row.actor, goal_id: row.goal_id, payload: JSON.parse(row.payload) as unknown }, null, 2)}</code></pre></details></li>`;
}

/** The audit page: the newest ledger rows in words, filterable by goal with a plain GET form (URL state, not goal state). */
export function auditPage(lines: readonly AuditLine[], goals: readonly { id: string; title: string }[], selected: string | null, limit: number): Page {
  const options = goals.map((g) => html`<option value="${g.id}"${g.id === selected ? html` selected` : ''}>${g.title}</option>`);
  const title = goals.find((g) => g.id === selected)?.title;
  const body = html`<h1>Audit trail</h1>
<p>Everything that changed, and every refused decision, newest first (at most ${limit}); times in UTC. Each line opens to the raw event. <code>loopx audit verify</code> checks that nobody rewrote it.</p>
<form method="get" action="/audit" class="filter"><label class="field">Goal <select name="goal"><option value="">All goals</option>${options}</select></label> <button type="submit" class="btn">Filter</button></form>
<p class="meta">${lines.length} event(s)${title ? ` for ${title}` : ''}</p>
<ol class="ledger">${lines.map(auditLineHtml)}</ol>`;
  return { title: 'Audit trail', section: 'audit', body };
}
