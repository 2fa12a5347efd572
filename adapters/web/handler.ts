import type { AppDeps } from '../../src/app/deps.js';
import type { HttpHandler } from '../../src/http/types.js';
import { viewerOf } from './auth.js';
import { noticePage, pageResponse } from './layout.js';
import { signInRequiredPage } from './pages/login.js';
import type { WebBoardOptions, WebRoute } from './routes.js';

/**
 * The board as one handler: host check (421) → route → who is looking → access rule → page. Without a session the board is
 * read-only; when the server is reachable beyond this machine every page except sign-in needs a session.
 */
export function createWebHandler(deps: AppDeps, options: WebBoardOptions, routes: readonly WebRoute[]): HttpHandler {
  return (request) => {
    const viewer = viewerOf(deps, request.headers);
    if (!options.allowedHost(request.headers.host)) {
      return pageResponse(noticePage('Wrong address', 'This board answers only at its own address (localhost or LOOPX_PUBLIC_URL); open it there.', 'error'), viewer, 421);
    }
    const matches = routes.map((route) => ({ route, match: route.pattern.exec(request.path) })).filter((m) => m.match !== null);
    if (matches.length === 0) return pageResponse(noticePage('Not found', `Nothing at ${request.path}.`, 'error'), viewer, 404);
    const hit = matches.find((m) => m.route.method === request.method);
    if (!hit || !hit.match) {
      const allow = [...new Set(matches.map((m) => m.route.method))].join(', ');
      return pageResponse(noticePage('Method not allowed', `${request.method} is not allowed here; use ${allow}.`, 'error'), viewer, 405, { allow });
    }
    if (options.requireSession && !hit.route.open && viewer.person === null) return pageResponse(signInRequiredPage(), viewer, 401);
    return hit.route.handle({ deps, options, request, viewer, params: hit.match.slice(1) });
  };
}
