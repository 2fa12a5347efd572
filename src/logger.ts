import type { Logger } from './app/deps.js';

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3 } as const;
/** Field names whose values never reach the log, whatever a caller passes. */
const SECRET_FIELD = /token|secret|password|authorization|cookie|signature|key$/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, SECRET_FIELD.test(name) ? '[redacted]' : value]));
}

/** `2026-12-03T03:00:00.000Z INFO  request GET /healthz 200 1ms key=value`: one line a person reads at a glance. */
function textLine(level: string, time: string, message: string, fields: Record<string, unknown>): string {
  const extra = Object.entries(fields).map(([name, value]) => ` ${name}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`);
  return `${time} ${level.toUpperCase().padEnd(5)} ${message}${extra.join('')}\n`;
}

/**
 * One line per entry on stderr, at or above `level`: readable text (default) or JSON (`LOOPX_LOG_FORMAT=json`,
 * for a log shipper). Fields named like a credential are redacted.
 */
export function createLogger(level: keyof typeof LEVELS, options: { format?: 'text' | 'json'; write?: (line: string) => void } = {}): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(line));
  const emit = (name: 'error' | 'warn' | 'info') => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS[name] > LEVELS[level]) return;
    const time = new Date().toISOString();
    const safe = redact(fields);
    write(options.format === 'json' ? `${JSON.stringify({ level: name, time, msg: message, ...safe })}\n` : textLine(name, time, message, safe));
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}
