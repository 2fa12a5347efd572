import { randomBytes } from 'node:crypto';
import type { Clock } from './deps.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

/**
 * Time-ordered ids (`todo_0kq3…`): a millisecond timestamp prefix keeps index inserts local, which is
 * measurably faster than random keys (perf-reliability §2.1), and sorts ids by creation.
 */
export function createIdGenerator(clock: Clock): (prefix: string) => string {
  return (prefix) => `${prefix}_${clock.now().getTime().toString(36).padStart(9, '0')}${encode(randomBytes(8))}`;
}
