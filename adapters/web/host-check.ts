import { isLoopbackHost, type Config } from '../../src/config.js';

/** Binds that accept any address: a Host naming one of them proves nothing about where the browser meant to go. */
const WILDCARD_BINDS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]']);

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Which `Host` headers the board answers (DNS rebinding defence): loopback names, the LOOPX_PUBLIC_URL host
 * name, and the address the server is bound to when that is one specific address. Anything else is
 * a page some other name resolved to this server, and gets 421.
 */
export function hostPolicy(config: Pick<Config, 'LOOPX_HOST' | 'LOOPX_PUBLIC_URL'>): (host: string | undefined) => boolean {
  const publicHost = config.LOOPX_PUBLIC_URL ? new URL(config.LOOPX_PUBLIC_URL).hostname.toLowerCase() : null;
  const bound = WILDCARD_BINDS.has(config.LOOPX_HOST) ? null : hostnameOf(config.LOOPX_HOST);
  return (host) => {
    if (host === undefined) return false;
    const name = hostnameOf(host);
    if (name === null) return false;
    if (isLoopbackHost(name)) return true;
    return name === publicHost || name === bound;
  };
}

