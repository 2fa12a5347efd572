import type { AppDeps } from '../../src/app/deps.js';
import type { ChatSurface } from '../../src/app/surface.js';
import type { Mount } from '../../src/http/serve.js';
import { createSlackBolt, createSlackWebClient, type SlackWebClient } from './bolt.js';
import { registerSlackHandlers } from './handlers.js';
import { createHomeTabs, registerSlackHome } from './home.js';
import { createSlackEventsHandler } from './inbound.js';
import { createSlackSurface } from './surface.js';

/** What the Slack adapter needs from the configuration. */
export interface SlackAdapterConfig {
  readonly botToken: string;
  /** Required for HTTP mode (`/slack/events`); unused in Socket Mode. */
  readonly signingSecret?: string | undefined;
  /** An app-level token (`xapp-…`) switches inbound to Socket Mode. */
  readonly appToken?: string | undefined;
  /** Overrides the Web API base URL (GovSlack, proxies, tests). */
  readonly apiUrl?: string | undefined;
  /** Where truncated cards link to (the web board). */
  readonly seeMoreUrl?: string | null;
}

/** The wired Slack adapter. */
export interface SlackAdapter {
  readonly surface: ChatSurface;
  readonly client: SlackWebClient;
  /** `/slack/events` on the shared server (HTTP mode only). */
  readonly mounts: readonly Mount[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when every inbound payload being handled has finished (shutdown, tests). */
  idle(): Promise<void>;
}

/** Builds the Slack adapter: the outbound surface, the Bolt listeners, and the inbound route or socket. */
export function createSlackAdapter(deps: AppDeps, config: SlackAdapterConfig): SlackAdapter {
  const client = createSlackWebClient(config.botToken, config.apiUrl);
  const inbound = config.appToken ? { mode: 'socket' as const, appToken: config.appToken } : { mode: 'http' as const };
  const bolt = createSlackBolt({ botToken: config.botToken, apiUrl: config.apiUrl, inbound, logger: deps.logger });
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const homes = createHomeTabs(deps, client, config.seeMoreUrl ?? null, track);
  registerSlackHandlers(bolt.app, deps, client, homes, config.seeMoreUrl ?? null);
  registerSlackHome(bolt.app, homes);
  const mounts: Mount[] =
    inbound.mode === 'http' && config.signingSecret
      ? [{ prefix: '/slack/events', handler: createSlackEventsHandler({ signingSecret: config.signingSecret, clock: deps.clock, logger: deps.logger, bolt, track }) }]
      : [];
  return {
    surface: createSlackSurface(client, { seeMoreUrl: config.seeMoreUrl ?? null }),
    client,
    mounts,
    start: () => bolt.start(),
    stop: () => (homes.stop(), bolt.stop()),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
