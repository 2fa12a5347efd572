import { hostname } from 'node:os';
import { releaseClaimsOf } from '../../store/outbox.js';
import { dropLease, leaseHolder, liveServers, removeServers, serversOnHost, takeLease, upsertServer, type ServerRow } from '../../store/servers.js';
import { translator, type Translator } from '../../../cards/i18n/index.js';
import type { AppDeps } from '../deps.js';

/** The role one server holds at a time: it sends the outbox and runs the scheduled jobs. */
export const SENDER_ROLE = 'sender';

/** How long the sender role lasts without a heartbeat (LOOPX_SENDER_LEASE_SECONDS): a crashed sender is replaced after this. */
export const DEFAULT_LEASE_MS = 15_000;

/**
 * This server among the others on one database. Every server serves the agent API and the web board; the one
 * holding the sender role also sends cards and runs jobs. Each heartbeat (a third of the lease) refreshes the
 * server's row and takes or renews the role with a conditional write, so at most one server holds it.
 */
export interface ServePresence {
  readonly id: string;
  /** True while this server's lease on the sender role has not run out (checked against the clock, not the last beat). */
  isSender(): boolean;
  /** Refreshes this server's heartbeat and takes or renews the sender role; answers whether it holds it. */
  beat(): boolean;
  /** Beats now (listed at `url`) and then every third of the lease, until `stop()`. */
  start(url: string): void;
  /** Gives the role up and leaves the list, so another server takes over at its next heartbeat. */
  stop(): void;
}

/** Who shares a database: the servers with a fresh heartbeat, and the one that sends (if any holds the role). */
export interface ServersSummary {
  readonly servers: readonly ServerRow[];
  readonly sender: ServerRow | null;
}

/** Reads who shares the database at `now` (`loopx doctor`, the startup line). */
export function serversSummary(deps: Pick<AppDeps, 'store'>, now: Date, leaseMs = DEFAULT_LEASE_MS): ServersSummary {
  const servers = liveServers(deps.store, new Date(now.getTime() - leaseMs).toISOString());
  const holder = leaseHolder(deps.store, SENDER_ROLE, now.toISOString());
  return { servers, sender: servers.find((s) => s.id === holder?.owner) ?? null };
}

/** One line for people: how many servers share the database and which one sends (`self`: the server asking). */
export function describeServers(summary: ServersSummary, self?: string, tr: Translator = translator('en')): string {
  const count = summary.servers.length;
  const shared = count <= 1 ? tr.t('doctor.servers.one') : tr.t('doctor.servers.many', { count });
  const { sender } = summary;
  if (!sender) return tr.t('doctor.servers.noSender', { shared });
  if (sender.id === self) return tr.t('doctor.servers.self', { shared });
  const where = { shared, pid: sender.pid, host: sender.host, url: sender.url };
  return self === undefined ? tr.t('doctor.servers.other', where) : tr.t('doctor.servers.standby', where);
}

/** True while a process with this pid runs on this machine (a signal-0 probe; EPERM means it runs as someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How a server is identified on its machine; tests pass their own pid and liveness probe. */
export interface PresenceOptions {
  readonly leaseMs?: number;
  /** Runs when this server takes the sender role (repair drift, wake the sender). */
  readonly onSender?: () => void;
  readonly pid?: number;
  readonly isAlive?: (pid: number) => boolean;
}

/**
 * Registers this server. A server listed on this machine whose process is gone (a crash, kill -9) is not waited
 * for: its role and outbox claims are released at the next heartbeat, so a restart after a crash sends at once.
 */
export function createPresence(deps: AppDeps, options: PresenceOptions = {}): ServePresence {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processAlive;
  const host = hostname();
  const id = deps.newId('srv');
  const started = deps.clock.now().toISOString();
  let heldUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  let url = '';

  function beat(): boolean {
    const now = deps.clock.now();
    const at = now.toISOString();
    const was = heldUntil > now.getTime();
    // Probed outside the transaction: a signal per listed neighbour, never while holding the write lock.
    const dead = serversOnHost(deps.store, host).filter((s) => s.id !== id && s.pid !== pid && !isAlive(s.pid));
    const holds = deps.store.transaction(() => {
      upsertServer(deps.store, { id, pid, host, url, started_at: started, seen_at: at });
      for (const server of dead) {
        dropLease(deps.store, SENDER_ROLE, server.id);
        releaseClaimsOf(deps.store, server.id);
      }
      removeServers(deps.store, dead.map((s) => s.id), new Date(now.getTime() - 3 * leaseMs).toISOString());
      return takeLease(deps.store, SENDER_ROLE, id, at, new Date(now.getTime() + leaseMs).toISOString());
    });
    heldUntil = holds ? now.getTime() + leaseMs : 0;
    if (holds && !was) {
      deps.logger.info({ server: id }, 'this server now sends cards and runs jobs');
      options.onSender?.();
    }
    if (!holds && was) deps.logger.warn({ server: id }, 'another server took over sending cards and running jobs');
    return holds;
  }

  return {
    id,
    isSender: () => heldUntil > deps.clock.now().getTime(),
    beat,
    start(listenedAt) {
      url = listenedAt;
      beat();
      timer = setInterval(() => {
        try {
          beat();
        } catch (error) {
          deps.logger.error({ error: String(error) }, 'server heartbeat failed');
        }
      }, Math.max(500, Math.floor(leaseMs / 3)));
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      heldUntil = 0;
      deps.store.transaction(() => {
        dropLease(deps.store, SENDER_ROLE, id);
        removeServers(deps.store, [id], '');
      });
    },
  };
}
