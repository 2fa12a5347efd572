import type { Card, CardBlock, CardButton, CardItem, CardLink, Tone } from '../../cards/model.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { translator, type Translator } from '../../cards/i18n/index.js';
import { html, safeHref, type Html } from './html.js';
import { tHtml } from './words.js';

/**
 * A word on one card after a press, shown on that card of the page the person came from: why a decision was not
 * recorded (`refused`), or the confirmation a high-risk approval asks for (`confirm`, with the pressed value).
 */
export type CardNotice =
  | { readonly kind: 'refused'; readonly key: string; readonly text: string }
  | { readonly kind: 'confirm'; readonly key: string; readonly text: string; readonly ok: string; readonly action: string };

/** What a card rendering needs to know about the viewer: forms carry the CSRF token of a signed-in person. */
export interface RenderContext {
  /** The session's CSRF token; null when nobody is signed in (buttons are shown disabled). */
  readonly csrfToken: string | null;
  /** The page the decision form returns to. */
  readonly returnTo: string;
  /** A notice for one card (matched by key); other cards ignore it. */
  readonly notice?: CardNotice;
}

function toneClass(tone: Tone | undefined): string {
  return `tone-${tone ?? 'normal'}`;
}

function linkHtml(link: CardLink, text: string = link.label): Html {
  const href = safeHref(link.url);
  return href === null ? html`${text}` : html`<a href="${href}">${text}</a>`;
}

function itemHtml(item: CardItem): Html {
  const text = item.link ? linkHtml(item.link, item.text) : html`${item.text}`;
  return html`<li class="item ${toneClass(item.tone)}">${text}${item.meta ? html` <span class="meta">${item.meta}</span>` : ''}</li>`;
}

function listHtml(items: readonly CardItem[], tr: Translator): Html {
  return items.length === 0 ? html`<p class="empty">${tr.t('web.card.nothing')}</p>` : html`<ul class="items">${items.map(itemHtml)}</ul>`;
}

function buttonHtml(button: CardButton, enabled: boolean): Html {
  return html`<button type="submit" name="action" value="${encodeCardAction(button.action)}" class="btn btn-${button.style}"${enabled ? '' : html` disabled`}>${button.label}</button>`;
}

/**
 * Buttons become one form that posts the clicked button's value, the same `{v, gate, rev, choice}` a chat
 * click carries, so the browser goes through the same kernel decision as Slack and Lark.
 */
function actionsHtml(buttons: readonly CardButton[], ctx: RenderContext, tr: Translator): Html {
  const signedIn = ctx.csrfToken !== null;
  const choices = new Set(buttons.map((b) => b.action.choice));
  const refused = ctx.notice?.kind === 'refused' ? ctx.notice : null;
  const alert = refused ? html`<p class="card-notice error" role="alert">${refused.text}</p>` : '';
  const invalid = refused ? html` aria-invalid="true" autofocus` : '';
  const reason = choices.has('reject') ? html`${alert}<label class="field">${tr.t('web.card.reason')} <span class="hint">${tr.t('web.card.reasonHint')}</span> <input type="text" name="reason" maxlength="500" autocomplete="off"${invalid}></label>` : alert;
  const hint = signedIn ? '' : html`<p class="hint">${tHtml(tr, 'web.card.readOnly', { command: html`<code>loopx web login &lt;you&gt;</code>` })}</p>`;
  const hidden = signedIn ? html`<input type="hidden" name="csrf" value="${ctx.csrfToken ?? ''}"><input type="hidden" name="return_to" value="${ctx.returnTo}">
${reason}` : '';
  return html`<form method="post" action="/decide" class="actions">
${hidden}<div class="buttons">${buttons.map((b) => buttonHtml(b, signedIn))}</div>${hint}
</form>`;
}

/** The confirm step of a high-risk approval: the same value again, marked confirmed, or back without deciding. */
function confirmHtml(notice: Extract<CardNotice, { kind: 'confirm' }>, ctx: RenderContext, tr: Translator): Html {
  return html`<form method="post" action="/decide" class="actions confirm">
<p class="card-notice warning" role="alert">${notice.text}</p><input type="hidden" name="csrf" value="${ctx.csrfToken ?? ''}"><input type="hidden" name="return_to" value="${ctx.returnTo}"><input type="hidden" name="confirmed" value="yes">
<div class="buttons"><button type="submit" name="action" value="${notice.action}" class="btn btn-danger" autofocus>${notice.ok}</button> <a class="btn" href="${ctx.returnTo}">${tr.t('gate.confirm.deny')}</a></div>
</form>`;
}

function lanesHtml(block: Extract<CardBlock, { type: 'lanes' }>): Html {
  return html`<div class="lanes">${block.lanes.map(
    (lane) => html`<section class="lane lane-${lane.lane}" aria-label="${lane.label}: ${lane.count}"><h4>${lane.label} <span class="count">${lane.count}</span></h4>${lane.items.length > 0 ? html`<ul class="items">${lane.items.map(itemHtml)}</ul>` : ''}</section>`,
  )}</div>`;
}

function blockHtml(block: CardBlock, ctx: RenderContext, tr: Translator): Html {
  switch (block.type) {
    case 'header':
      return html`<header class="card-head"><h3>${block.text}</h3>${block.status ? html`<span class="badge ${toneClass(block.tone)}">${block.status}</span>` : ''}</header>`;
    case 'text':
      return html`<p class="text ${toneClass(block.tone)}">${block.text}</p>`;
    case 'fields':
      return html`<dl class="fields">${block.fields.map((f) => html`<div><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>`;
    case 'lanes':
      return lanesHtml(block);
    case 'list': {
      const words = tr.t('web.card.more', { count: block.more ?? 0 });
      const more = block.more && block.more > 0 ? html`<p class="more">${block.moreLink ? linkHtml(block.moreLink, words) : words}</p>` : '';
      return html`<section class="list"><h4>${block.title}</h4>${listHtml(block.items, tr)}${more}</section>`;
    }
    case 'actions':
      return ctx.notice?.kind === 'confirm' ? confirmHtml(ctx.notice, ctx, tr) : actionsHtml(block.buttons, ctx, tr);
    case 'outcome':
      return html`<p class="outcome ${toneClass(block.tone)}" role="status">${block.text}</p>`;
    case 'context':
      return html`<p class="context">${block.text}</p>`;
    case 'mentions':
      return html`<p class="mentions"><strong>${tr.t('render.labelled', { label: block.label })}</strong> ${block.people.map((p) => p.name).join(tr.t('names.separator'))}</p>`;
    case 'divider':
      return html`<hr>`;
  }
}

/**
 * The reference rendering of a neutral card: semantic HTML, every text escaped, buttons as one CSRF-protected form;
 * the page's own words around the card's (form labels, hints) in the card's language.
 */
export function cardToHtml(card: Card, context: RenderContext): Html {
  const { notice, ...rest } = context;
  const ctx: RenderContext = notice?.key === card.key ? context : rest;
  const tr = translator(card.locale ?? 'en');
  return html`<article class="card card-${card.kind}" data-key="${card.key}">
${card.blocks.map((b) => [blockHtml(b, ctx, tr), html`\n`])}</article>`;
}
