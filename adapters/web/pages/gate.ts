import type { LedgerRow } from '../../../src/app/queries/board.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';

function historyRow(e: LedgerRow): Html {
  return html`<li><strong>${e.type.replace(/^gate\./, '').replace(/_/g, ' ')}</strong> by ${e.actor} <span class="meta">${e.at.replace('T', ' ').slice(0, 19)} UTC · #${e.seq}</span></li>`;
}

/** The gate page: its card and its whole history from the ledger (including refused decisions). */
export function gatePage(gateId: string, goalId: string, card: Html, history: readonly LedgerRow[]): Page {
  const body = html`<h1>Gate ${gateId}</h1>
${card}
<p><a href="/goals/${goalId}">Back to the goal</a></p>
<h2>History</h2>
${history.length === 0 ? html`<p class="empty">No events.</p>` : html`<ol class="timeline">${history.map(historyRow)}</ol>`}`;
  return { title: `Gate ${gateId}`, section: 'board', body };
}
