import type { AppDeps } from '../../src/app/deps.js';
import type { HttpHandler } from '../../src/http/types.js';
import { viewerOf } from './auth.js';
import { noticePage, pageResponse } from './layout.js';
import { signInRequiredPage } from './pages/login.js';
import type { WebBoardOptions, WebRoute } from './routes.js';
import { trOf } from './words.js';

/**
 * The board as one handler: host check (421) → route → who is looking → access rule → page. Without a session the board is
 * read-only; when the server is reachable beyond this machine every page except sign-in needs a session.
 */
export function createWebHandler(deps: AppDeps, options: WebBoardOptions, routes: readonly WebRoute[]): HttpHandler {
  return (request) => {
    const viewer = viewerOf(deps, request.headers);
    const tr = trOf(viewer);
    if (!options.allowedHost(request.headers.host)) {
      return pageResponse(noticePage(tr, tr.t('web.wrongAddress.title'), tr.t('web.wrongAddress.text'), 'error'), viewer, 421);
    }
    const matches = routes.map((route) => ({ route, match: route.pattern.exec(request.path) })).filter((m) => m.match !== null);
    if (matches.length === 0) return pageResponse(noticePage(tr, tr.t('web.notFound.title'), tr.t('web.notFound.text', { path: request.path }), 'error'), viewer, 404);
    const hit = matches.find((m) => m.route.method === request.method);
    if (!hit || !hit.match) {
      const allow = [...new Set(matches.map((m) => m.route.method))].join(', ');
      return pageResponse(noticePage(tr, tr.t('web.methodNotAllowed.title'), tr.t('web.methodNotAllowed.text', { method: request.method, allow }), 'error'), viewer, 405, { allow });
    }
    if (options.requireSession && !hit.route.open && viewer.person === null) return pageResponse(signInRequiredPage(tr), viewer, 401);
    return hit.route.handle({ deps, options, request, viewer, params: hit.match.slice(1) });
  };
}
