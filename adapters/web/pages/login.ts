import type { Translator } from '../../../cards/i18n/index.js';
import { html } from '../html.js';
import type { Page } from '../layout.js';
import { tHtml } from '../words.js';

/**
 * The landing page of a one-time login link. The link is redeemed by the button (a POST), not by opening it,
 * so chat link previews and prefetchers cannot use it up.
 */
export function loginPage(tr: Translator, token: string): Page {
  const body = html`<h1>${tr.t('web.login.heading')}</h1>
<p>${tr.t('web.login.text')}</p>
<form method="post" action="/login"><input type="hidden" name="token" value="${token}"><button type="submit" class="btn btn-primary">${tr.t('web.signIn')}</button></form>`;
  return { title: tr.t('web.signIn'), section: 'other', body };
}

/** What a reader sees when the board requires a session (bound to a non-loopback host) and they have none. */
export function signInRequiredPage(tr: Translator): Page {
  const title = tr.t('web.signInRequired.title');
  const body = html`<h1>${title}</h1>
<p class="notice info" role="status">${tHtml(tr, 'web.signInRequired.text', { command: html`<code>loopx web login &lt;you&gt;</code>` })}</p>`;
  return { title, section: 'other', body };
}
