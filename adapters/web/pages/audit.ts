import type { Translator } from '../../../cards/i18n/index.js';
import type { LedgerRow } from '../../../src/app/queries/board.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';
import { goalFilter } from './digest.js';

/** One ledger row as the audit page shows it: a sentence, its goal, and the raw row behind a disclosure. */
export interface AuditLine {
  readonly row: LedgerRow;
  readonly sentence: string;
  readonly goalTitle: string;
}

/** A ledger row in words, its time in the reader's timezone; its raw JSON (ids, type, hash chain position) is one tap away. */
export function auditLineHtml(tr: Translator, timezone: string, line: AuditLine): Html {
  const { row } = line;
  return html`<li class="ledger-row" data-type="${row.type}"><p class="sentence">${line.sentence}</p>
<p class="meta">${tr.dateTime(row.at, timezone)} · ${line.goalTitle}</p>
<details><summary>${tr.t('web.audit.raw', { seq: row.seq })}</summary><pre class="raw"><code>${JSON.stringify({ seq: row.seq, at: row.at, type: row.type, actor: row.actor, goal_id: row.goal_id, payload: JSON.parse(row.payload) as unknown }, null, 2)}</code></pre></details></li>`;
}

/** The audit page: the newest ledger rows in words, filterable by goal with a plain GET form (URL state, not goal state). */
export function auditPage(tr: Translator, timezone: string, lines: readonly AuditLine[], goals: readonly { id: string; title: string }[], selected: string | null, limit: number): Page {
  const options = goals.map((g) => html`<option value="${g.id}"${g.id === selected ? html` selected` : ''}>${g.title}</option>`);
  const goalTitle = goals.find((g) => g.id === selected)?.title;
  const title = tr.t('web.audit.title');
  const intro = tHtml(tr, 'web.audit.intro', { limit, timezone, command: html`<code>loopx audit verify</code>` });
  const body = html`<h1>${title}</h1>
<p>${intro}</p>
${goalFilter(tr, '/audit', options, tr.t('web.filter.filter'))}
<p class="meta">${tr.t('web.audit.count', { count: lines.length, forGoal: goalTitle ? tr.t('web.audit.forGoal', { title: goalTitle }) : '' })}</p>
<ol class="ledger">${lines.map((line) => auditLineHtml(tr, timezone, line))}</ol>`;
  return { title, section: 'audit', body };
}
