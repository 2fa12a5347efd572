import type { AppDeps } from '../../src/app/deps.js';
import { isLoopbackHost, type Config } from '../../src/config.js';
import type { Mount, RawMount } from '../../src/http/serve.js';
import { decideRoutes } from './decide-route.js';
import { createWebHandler } from './handler.js';
import { hostPolicy } from './host-check.js';
import { createLiveHub } from './live.js';
import { pageRoutes } from './page-routes.js';
import type { WebBoardOptions } from './routes.js';
import { sessionRoutes } from './session-routes.js';

/** The local web board, ready to mount: its pages (mount LAST, at `/`), its live stream, and a shutdown hook. */
export interface WebBoard {
  readonly mount: Mount;
  readonly rawMount: RawMount;
  readonly options: WebBoardOptions;
  close(): void;
}

/**
 * The board's access rules from the configuration: a non-loopback bind, or a LOOPX_PUBLIC_URL (a proxy puts the
 * board on the network even when it is bound to 127.0.0.1), requires a session for every page.
 */
export function webBoardOptions(config: Config): WebBoardOptions {
  return {
    requireSession: !isLoopbackHost(config.LOOPX_HOST) || config.LOOPX_PUBLIC_URL !== undefined,
    allowedHost: hostPolicy(config),
    sessionPolicy: { loginLinkMinutes: config.LOOPX_WEB_LOGIN_MINUTES, sessionHours: config.LOOPX_WEB_SESSION_HOURS },
    secureCookies: config.LOOPX_PUBLIC_URL?.startsWith('https:') ?? false,
  };
}

/** Builds the web board and wakes its live stream after every commit. */
export function createWebBoard(deps: AppDeps, config: Config): WebBoard {
  const options = webBoardOptions(config);
  const live = createLiveHub(deps, options);
  deps.commitListeners.push(live.onCommit);
  const handler = createWebHandler(deps, options, [...pageRoutes, ...decideRoutes, ...sessionRoutes]);
  return {
    mount: { prefix: '/', handler },
    rawMount: live.mount,
    options,
    close() {
      live.close();
      const index = deps.commitListeners.indexOf(live.onCommit);
      if (index >= 0) deps.commitListeners.splice(index, 1);
    },
  };
}
