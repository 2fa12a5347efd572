import { html } from '../html.js';
import type { Page } from '../layout.js';

/**
 * The landing page of a one-time login link. The link is redeemed by the button (a POST), not by opening it,
 * so chat link previews and prefetchers cannot use it up.
 */
export function loginPage(token: string): Page {
  const body = html`<h1>Sign in to LoopX</h1>
<p>This one-time link signs you in on this browser. Decisions you make here are recorded under your name.</p>
<form method="post" action="/login"><input type="hidden" name="token" value="${token}"><button type="submit" class="btn btn-primary">Sign in</button></form>`;
  return { title: 'Sign in', section: 'other', body };
}

/** What a reader sees when the board requires a session (bound to a non-loopback host) and they have none. */
export function signInRequiredPage(): Page {
  const body = html`<h1>Sign in required</h1>
<p class="notice info" role="status">This board is reachable from other machines, so every page needs a signed-in person. Ask an operator to run <code>loopx web login &lt;you&gt;</code> and open the link it prints.</p>`;
  return { title: 'Sign in required', section: 'other', body };
}
