import type { Server } from 'node:http';
import { translator, type Translator } from '../cards/i18n/index.js';
import type { BoundBase } from '../adapters/lark/base/doctor.js';
import type { LarkAdapter, LarkAdapterConfig } from '../adapters/lark/index.js';
import type { DoctorCheck } from '../adapters/slack/doctor.js';
import type { SlackAdapter } from '../adapters/slack/index.js';
import { createWebBoard } from '../adapters/web/index.js';
import { startScheduler } from '../jobs/schedule.js';
import { startExpiryTimer } from './app/gates/expiry-timer.js';
import { startWakes } from './app/agents/wake-runner.js';
import { createJobDeps } from './app/job-deps.js';
import { createChangeSignal } from './app/serve/change-signal.js';
import { createPresence, describeServers, serversSummary } from './app/serve/presence.js';
import type { AppDeps, Clock, Logger } from './app/deps.js';
import { boardUrl, ConfigError, type Config } from './config.js';
import { createBoardSource, createGateSource, createProjectionEngine, defaultBoardExtras, type CardSource, type ProjectionEngine, type ProjectionOptions } from './app/projection/index.js';
import type { ChatSurface } from './app/surface.js';
import { createBaseEngine, type BaseApi, type BaseEngine } from './app/base/index.js';
import type { Mount } from './http/serve.js';
import { errorResponse } from './http/errors.js';
import type { HttpRequest, HttpResponse } from './http/types.js';
import { kernelError } from './kernel/errors.js';
import { startLoopxServer } from './server.js';

/** A running server and how to stop it. */
export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  /** The base URL people open (the web board lives at `/`). */
  readonly url: string;
  /** Resolves when the chat surfaces have loaded and connected (the server answers before). */
  readonly chatJoined: Promise<void>;
  /** How many servers share the database and which one sends cards and runs jobs, in words. */
  servers(): string;
  stop(): Promise<void>;
}

/** The chat side of the server: configured surfaces, their inbound routes, and the projection engine driving them. */
export interface ChatRuntime {
  readonly surfaces: readonly ChatSurface[];
  readonly mounts: readonly Mount[];
  /** Null when no chat surface is configured (the server still runs: web board and agent API). */
  readonly engine: ProjectionEngine | null;
  /** The Lark Base projection (rows of bound Base tables); null without Lark credentials. */
  readonly base: BaseEngine | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

// The Slack SDK is loaded only when Slack is configured, so every other CLI command starts without it.
async function openSlack(deps: AppDeps, config: Config, base: string): Promise<SlackAdapter | null> {
  if (!config.SLACK_BOT_TOKEN) return null;
  const { createSlackAdapter } = await import('../adapters/slack/index.js');
  if (!config.SLACK_SIGNING_SECRET && !config.SLACK_APP_TOKEN) {
    deps.logger.warn({ surface: 'slack' }, 'Slack cards are posted, but clicks are off: set SLACK_SIGNING_SECRET (HTTP) or SLACK_APP_TOKEN (Socket Mode)');
  }
  return createSlackAdapter(deps, { botToken: config.SLACK_BOT_TOKEN, signingSecret: config.SLACK_SIGNING_SECRET, appToken: config.SLACK_APP_TOKEN, apiUrl: slackApiUrl(config), seeMoreUrl: base });
}

// Lark likewise: the SDK (and its long connection) only when LARK_APP_ID is set.
async function openLark(deps: AppDeps, config: Config, sources: readonly CardSource[], onBaseChange?: LarkAdapterConfig['onBaseChange']): Promise<LarkAdapter | null> {
  if (config.LARK_APP_ID === undefined || config.LARK_APP_SECRET === undefined) return null;
  const { createLarkAdapter } = await import('../adapters/lark/index.js');
  return createLarkAdapter(deps, {
    appId: config.LARK_APP_ID,
    appSecret: config.LARK_APP_SECRET,
    domain: config.LARK_DOMAIN,
    mode: config.LARK_MODE,
    encryptKey: config.LARK_ENCRYPT_KEY,
    verificationToken: config.LARK_VERIFICATION_TOKEN,
    sources,
    onBaseChange,
    urgentApp: config.LARK_URGENT_APP === 'on',
  });
}

/** The Base (Bitable) port on the Lark app's credentials, or null when Lark is not configured. */
export async function openLarkBaseApi(config: Config): Promise<BaseApi | null> {
  if (config.LARK_APP_ID === undefined || config.LARK_APP_SECRET === undefined) return null;
  const { createLarkBaseApi } = await import('../adapters/lark/base/api.js');
  return createLarkBaseApi({ appId: config.LARK_APP_ID, appSecret: config.LARK_APP_SECRET, domain: config.LARK_DOMAIN });
}

/** The live cards chat surfaces show (board and gates, linking to the web board at `base`), as `loopx serve` renders them. */
export function chatCardSources(config: Config): { readonly base: string; readonly sources: readonly CardSource[] } {
  const base = boardUrl(config, config.LOOPX_PORT);
  const boardExtras = (store: AppDeps['store'], goalId: string, now: Date) => ({ ...defaultBoardExtras(store, goalId, now), boardUrl: `${base}/goals/${goalId}` });
  return { base, sources: [createBoardSource(boardExtras), createGateSource()] };
}

/** Builds the chat surfaces that have credentials, and the projection engine that keeps their cards current. */
export async function openChat(deps: AppDeps, config: Config, role: Pick<ProjectionOptions, 'identity' | 'maySend'> = {}): Promise<ChatRuntime> {
  const { base, sources } = chatCardSources(config);
  const slack = await openSlack(deps, config, base);
  // Base change events reach the Base engine, which is built once the Lark adapter exists.
  let larkBase: BaseEngine | null = null;
  const lark = await openLark(deps, config, sources, (change) => larkBase?.recordsChanged(change.table, change.recordIds));
  const surfaces = [slack?.surface, lark?.surface].filter((s): s is ChatSurface => s !== undefined);
  const engine = surfaces.length > 0 ? createProjectionEngine(deps, { surfaces, sources, ...role }) : null;
  const baseApi = lark ? await openLarkBaseApi(config) : null;
  larkBase = baseApi ? createBaseEngine(deps, baseApi, role.maySend ? { maySend: role.maySend } : {}) : null;
  return {
    surfaces,
    mounts: [...(slack?.mounts ?? []), ...(lark?.mounts ?? [])],
    engine,
    base: larkBase,
    async start() {
      // A Socket Mode or long-connection failure must not take the agent API down; the reconciler repairs cards later.
      await slack?.start().catch((error: unknown) => deps.logger.error({ surface: 'slack', error: String(error) }, 'Slack Socket Mode did not connect'));
      await lark?.start().catch((error: unknown) => deps.logger.error({ surface: 'lark', error: String(error) }, 'Lark long connection did not connect'));
      engine?.start();
      larkBase?.start();
    },
    async stop() {
      engine?.stop();
      larkBase?.stop();
      lark?.stop();
      await slack?.idle();
      await slack?.stop();
    },
  };
}

/**
 * Starts the one HTTP server with every surface mounted (the web board last, at `/`), the chat surfaces with
 * their projection engine, the heartbeat and digest scheduler, whose first tick catches up downtime, and the gate
 * expiry timer, which fires each expiry at its due time (and catches up at once).
 * Several servers may share one database: each serves the agent API and the web board and follows every
 * commit (the change signal); the one holding the sender role (`presence`) also sends cards and runs jobs. The
 * expiry timer runs in each (a sweep is one transaction that finds nothing left to do the second time).
 */
export async function serveApp(deps: AppDeps, config: Config): Promise<RunningServer> {
  const leaseMs = config.LOOPX_SENDER_LEASE_SECONDS * 1000;
  let chat: ChatRuntime | null = null;
  // Taking the sender role (at start, or from a stopped or crashed server): repair drift once, then send.
  const presence = createPresence(deps, { leaseMs, onSender: () => (chat?.engine?.projector.reconcile(), chat?.engine?.kick(), void chat?.base?.reconcile(), wakes.kick()) });
  // Commits by any other process (the CLI, another server) reach the same listeners as this server's own.
  const signal = createChangeSignal(deps, { onForeignWrite: () => (chat?.engine?.kick(), chat?.base?.kick()) });
  const web = createWebBoard(deps, config);
  // The agent API and the web board answer before the chat SDKs have loaded and connected: the chat surfaces join
  // when ready, and what is committed meanwhile waits in the ledger and the outbox. Their inbound routes wait too.
  // A crashed sender's row claims lapse after two leases: longer than any platform call it may have had in flight.
  const chatReady = openChat(deps, config, { identity: { owner: presence.id, claimMs: 2 * leaseMs }, maySend: presence.isSender });
  const chatInbound: Mount[] = ['/slack/', '/lark/'].map((prefix) => ({ prefix, handler: async (request) => routeToChat(await chatReady, request) }));
  const { server, port } = await startLoopxServer(deps, config, { mounts: [...chatInbound, web.mount], rawMounts: [web.rawMount] });
  const wakes = startWakes(deps, { maySend: presence.isSender });
  presence.start(boardUrl(config, port));
  signal.start();
  const scheduler = startScheduler(createJobDeps(deps, { reach: { remindAfterMs: config.LOOPX_REMIND_AFTER_MINUTES * 60_000 } }), { mayRun: presence.isSender });
  const expiry = startExpiryTimer(deps);
  const joined = chatReady.then(async (runtime) => {
    chat = runtime;
    await runtime.start();
    if (runtime.surfaces.length > 0) deps.logger.info({ surfaces: runtime.surfaces.map((s) => s.name) }, 'chat surfaces joined');
  });
  return {
    server,
    port,
    url: boardUrl(config, port),
    chatJoined: joined,
    servers: () => describeServers(serversSummary(deps, deps.clock.now(), leaseMs), presence.id),
    stop: async () => {
      signal.stop();
      expiry.stop();
      wakes.stop();
      await scheduler.stop();
      await joined.catch(() => undefined);
      await chat?.stop();
      presence.stop();
      await new Promise<void>((resolve) => {
        web.close();
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

/** An inbound chat request, once the chat surfaces have loaded: their route, or 404 when that surface is off. */
function routeToChat(runtime: ChatRuntime, request: HttpRequest): HttpResponse | Promise<HttpResponse> {
  const mount = runtime.mounts.find((m) => request.path.startsWith(m.prefix));
  return mount ? mount.handler(request) : errorResponse(kernelError('not_found', `Nothing at ${request.path}: that chat surface is not configured here.`));
}

function slackApiUrl(config: Config): string | undefined {
  return config.SLACK_API_URL ? config.SLACK_API_URL.replace(/\/*$/, '/') : undefined;
}

/** `loopx doctor`'s chat checks: each configured surface, and the bot's membership of every bound destination. */
export async function chatDoctorChecks(config: Config, slackChannels: readonly string[], larkChats: readonly string[] = [], larkBases: readonly BoundBase[] = [], tr: Translator = translator('en')): Promise<DoctorCheck[]> {
  return [...(await slackChecks(config, slackChannels, tr)), ...(await larkChecks(config, larkChats, larkBases, tr))];
}

async function slackChecks(config: Config, channels: readonly string[], tr: Translator): Promise<DoctorCheck[]> {
  if (!config.SLACK_BOT_TOKEN) return [{ name: tr.t('doctor.name.slack'), ok: true, detail: tr.t('doctor.slack.off') }];
  const { slackDoctorChecks } = await import('../adapters/slack/doctor.js');
  return slackDoctorChecks({ botToken: config.SLACK_BOT_TOKEN, signingSecret: config.SLACK_SIGNING_SECRET, appToken: config.SLACK_APP_TOKEN, apiUrl: slackApiUrl(config) }, channels, tr);
}

async function larkChecks(config: Config, chats: readonly string[], bases: readonly BoundBase[], tr: Translator): Promise<DoctorCheck[]> {
  if (config.LARK_APP_ID === undefined || config.LARK_APP_SECRET === undefined) return [{ name: tr.t('doctor.name.lark'), ok: true, detail: tr.t('doctor.lark.off') }];
  const { createLarkApi } = await import('../adapters/lark/sdk.js');
  const { larkDoctorChecks } = await import('../adapters/lark/doctor.js');
  const api = createLarkApi({ appId: config.LARK_APP_ID, appSecret: config.LARK_APP_SECRET, domain: config.LARK_DOMAIN });
  const checks = await larkDoctorChecks({ api, domain: config.LARK_DOMAIN, mode: config.LARK_MODE, chats }, tr);
  if (!checks[0]?.ok) return checks;
  const { createLarkBaseApi } = await import('../adapters/lark/base/api.js');
  const { larkBaseDoctorChecks } = await import('../adapters/lark/base/doctor.js');
  return [...checks, ...(await larkBaseDoctorChecks(createLarkBaseApi({ appId: config.LARK_APP_ID, appSecret: config.LARK_APP_SECRET, domain: config.LARK_DOMAIN }), bases, tr))];
}
