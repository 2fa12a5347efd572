import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The socket inodes listening on `port` (Linux `/proc/net/tcp*`; state 0A is LISTEN). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1]?.split(':')[1];
      if (local !== undefined && Number.parseInt(local, 16) === port && fields[3] === '0A' && fields[9] !== undefined) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process (of this user) holding one of the sockets, as `pid N (command line)`. */
function processHolding(inodes: Set<string>): string | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode === undefined || !inodes.has(inode)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return `pid ${pid} (${command.length > 80 ? `${command.slice(0, 77)}...` : command})`;
    }
  }
  return null;
}

/**
 * Who listens on `port`, in words, for the "port in use" message: the process where the system says (Linux),
 * else how to find it.
 */
export function describePortHolder(port: number): string {
  try {
    const inodes = listeningInodes(port);
    const holder = inodes.size > 0 ? processHolding(inodes) : null;
    if (holder) return `held by ${holder}`;
  } catch {
    // Not Linux, or /proc not readable: fall through to the hint.
  }
  return `held by another program (find it with \`lsof -i :${port}\` or \`ss -ltnp 'sport = :${port}'\`)`;
}
