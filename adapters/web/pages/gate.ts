import type { Translator } from '../../../cards/i18n/index.js';
import type { Gate } from '../../../src/kernel/gate.js';
import { auditLineHtml, type AuditLine } from './audit.js';
import type { GrantWire } from '../../../src/contract/gate-wire.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';

/** Who may revoke from the page: a signed-in viewer gets a CSRF-protected form; the kernel decides. */
export interface GrantForms {
  readonly csrfToken: string | null;
  readonly returnTo: string;
  /** The reader's timezone, for expiry times and the history. */
  readonly timezone: string;
}

function grantState(tr: Translator, grant: GrantWire, timezone: string): string {
  if (grant.revoked_at) {
    const reason = grant.revoked_reason ? tr.t('web.grant.revokedReason', { reason: grant.revoked_reason }) : '';
    return tr.t('web.grant.revoked', { name: grant.revoked_by ?? tr.t('web.grant.someone'), reason });
  }
  return grant.active ? tr.t('web.grant.activeUntil', { time: grant.expires_at ? tr.dateTime(grant.expires_at, timezone) : tr.t('gate.never') }) : tr.t('gate.state.expired');
}

function grantRow(tr: Translator, grant: GrantWire, forms: GrantForms): Html {
  const revoke =
    grant.active && forms.csrfToken !== null
      ? html` <form method="post" action="/grants/revoke" class="inline"><input type="hidden" name="csrf" value="${forms.csrfToken}"><input type="hidden" name="return_to" value="${forms.returnTo}"><input type="hidden" name="grant" value="${grant.id}"><button type="submit" class="btn btn-danger">${tr.t('web.grant.revoke')}</button></form>`
      : '';
  const row = tHtml(tr, 'web.grant.row', { scope: html`<strong>${grant.scope}</strong>`, goal: grant.goal_id, by: grant.granted_by, state: grantState(tr, grant, forms.timezone) });
  return html`<li>${row} <span class="meta">${grant.id}</span>${revoke}</li>`;
}

/** The gate page: its card, the standing grants that reach its goal (its own, and project-wide or global ones; revocable), and its whole history from the ledger. */
export function gatePage(tr: Translator, gate: Pick<Gate, 'id' | 'goalId' | 'question'>, card: Html, history: readonly AuditLine[], grants: readonly GrantWire[], forms: GrantForms): Page {
  const grantList = grants.length === 0 ? html`<p class="empty">${tr.t('web.gate.noGrants')}</p>` : html`<ul class="grants">${grants.map((g) => grantRow(tr, g, forms))}</ul>`;
  const body = html`<h1>${gate.question}</h1>
${card}
<p><a href="/goals/${gate.goalId}">${tr.t('web.gate.back')}</a></p>
<h2>${tr.t('web.gate.grants')}</h2>
${grantList}
<h2>${tr.t('web.gate.history')}</h2>
${history.length === 0 ? html`<p class="empty">${tr.t('web.gate.noEvents')}</p>` : html`<ol class="ledger">${history.map((line) => auditLineHtml(tr, forms.timezone, line))}</ol>`}`;
  return { title: gate.question, section: 'board', body };
}
