import type { Logger } from './app/deps.js';

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3 } as const;

/** One JSON line per entry on stderr, at or above `level`. Callers never pass secrets. */
export function createLogger(level: keyof typeof LEVELS, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const emit = (name: 'error' | 'warn' | 'info') => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS[name] > LEVELS[level]) return;
    write(`${JSON.stringify({ level: name, time: new Date().toISOString(), msg: message, ...fields })}\n`);
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}
