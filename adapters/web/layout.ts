import type { HttpResponse } from '../../src/http/types.js';
import type { MessageKey, Translator } from '../../cards/i18n/index.js';
import { html, type Html } from './html.js';
import type { Viewer } from './auth.js';
import { tHtml, trOf } from './words.js';

/**
 * Security headers on every board page: no inline code, no framing, and referrers only to this site (a login
 * link never leaks to another site; `no-referrer` would make Chrome send `Origin: null` on our own forms).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** A page: its title, the section it belongs to (for the nav), and the content of <main>. */
export interface Page {
  readonly title: string;
  readonly section: 'board' | 'audit' | 'digest' | 'other';
  readonly body: Html;
}

const NAV: readonly { section: Page['section']; href: string; label: MessageKey }[] = [
  { section: 'board', href: '/', label: 'web.nav.board' },
  { section: 'digest', href: '/digest', label: 'web.nav.digest' },
  { section: 'audit', href: '/audit', label: 'web.nav.audit' },
];

function whoHtml(viewer: Viewer, tr: Translator): Html {
  if (viewer.person === null) return html`<span class="who">${tr.t('web.readOnly')}</span>`;
  return html`<form method="post" action="/logout" class="who"><span>${tHtml(tr, 'web.signedInAs', { name: html`<strong>${viewer.person.name}</strong>` })}</span><input type="hidden" name="csrf" value="${viewer.csrfToken ?? ''}"><button type="submit" class="btn">${tr.t('web.signOut')}</button></form>`;
}

/** The whole HTML document around a page. */
export function layout(page: Page, viewer: Viewer): Html {
  const tr = trOf(viewer);
  return html`<!doctype html>
<html lang="${viewer.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · LoopX</title>
<link rel="stylesheet" href="/assets/board.css">
<script src="/assets/live.js" defer></script>
</head>
<body>
<a class="skip" href="#main">${tr.t('web.skip')}</a>
<header class="top">
<a class="brand" href="/">LoopX</a>
<nav aria-label="${tr.t('web.nav.label')}"><ul>${NAV.map((n) => html`<li><a href="${n.href}"${n.section === page.section ? html` aria-current="page"` : ''}>${tr.t(n.label)}</a></li>`)}</ul></nav>
${whoHtml(viewer, tr)}
</header>
<main id="main">
${page.body}
</main>
<div id="live" class="live" role="status" aria-live="polite" data-updated="${tr.t('web.live.updated')}"></div>
</body>
</html>
`;
}

/** Answers a page as HTML. */
export function pageResponse(page: Page, viewer: Viewer, status = 200, headers: Record<string, string> = {}): HttpResponse {
  return { status, body: layout(page, viewer).value, headers: { ...PAGE_HEADERS, ...headers } };
}

/** A short page that says what happened and where to go next (refusals, sign-in, not found). */
export function noticePage(tr: Translator, title: string, message: string, tone: 'error' | 'info', back: { href: string; label: string } = { href: '/', label: tr.t('web.back.board') }): Page {
  return { title, section: 'other', body: html`<h1>${title}</h1><p class="notice ${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${message}</p><p><a href="${back.href}">${back.label}</a></p>` };
}
