import type { Gate } from '../../../src/kernel/gate.js';
import { auditLineHtml, type AuditLine } from './audit.js';
import type { GrantWire } from '../../../src/contract/gate-wire.js';
import { html, type Html } from '../html.js';
import type { Page } from '../layout.js';


/** Who may revoke from the page: a signed-in viewer gets a CSRF-protected form; the kernel decides. */
export interface GrantForms {
  readonly csrfToken: string | null;
  readonly returnTo: string;
}

function grantState(grant: GrantWire): string {
  if (grant.revoked_at) return `revoked by ${grant.revoked_by ?? 'someone'}${grant.revoked_reason ? ` (${grant.revoked_reason})` : ''}`;
  return grant.active ? `active until ${(grant.expires_at ?? '').replace('T', ' ').slice(0, 16)} UTC` : 'expired';
}

function grantRow(grant: GrantWire, forms: GrantForms): Html {
  const revoke =
    grant.active && forms.csrfToken !== null
      ? html` <form method="post" action="/grants/revoke" class="inline"><input type="hidden" name="csrf" value="${forms.csrfToken}"><input type="hidden" name="return_to" value="${forms.returnTo}"><input type="hidden" name="grant" value="${grant.id}"><button type="submit" class="btn btn-danger">Revoke</button></form>`
      : '';
  return html`<li><strong>${grant.scope}</strong> on ${grant.goal_id}, granted by ${grant.granted_by}: ${grantState(grant)} <span class="meta">${grant.id}</span>${revoke}</li>`;
}

/** The gate page: its card, the standing grants that reach its goal (its own, and project-wide or global ones; revocable), and its whole history from the ledger. */
export function gatePage(gate: Pick<Gate, 'id' | 'goalId' | 'question'>, card: Html, history: readonly AuditLine[], grants: readonly GrantWire[], forms: GrantForms): Page {
  const grantList = grants.length === 0 ? html`<p class="empty">No standing grants reach this goal.</p>` : html`<ul class="grants">${grants.map((g) => grantRow(g, forms))}</ul>`;
  const body = html`<h1>${gate.question}</h1>
${card}
<p><a href="/goals/${gate.goalId}">Back to the goal</a></p>
<h2>Standing grants</h2>
${grantList}
<h2>History</h2>
${history.length === 0 ? html`<p class="empty">No events.</p>` : html`<ol class="ledger">${history.map(auditLineHtml)}</ol>`}`;
  return { title: gate.question, section: 'board', body };
}
