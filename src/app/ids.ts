import { randomBytes } from 'node:crypto';
import type { Clock } from './deps.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

/** Random bytes drawn from a pool refilled 4 KiB at a time: one system call per 512 ids, not one per id. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = POOL_BYTES;
function randomEight(): Uint8Array {
  if (offset + 8 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += 8;
  return pool.subarray(offset - 8, offset);
}

/**
 * Time-ordered ids (`todo_0kq3…`): a millisecond timestamp prefix keeps index inserts local, which is
 * measurably faster than random keys (perf-reliability §2.1), and sorts ids by creation.
 */
export function createIdGenerator(clock: Clock): (prefix: string) => string {
  return (prefix) => `${prefix}_${clock.now().getTime().toString(36).padStart(9, '0')}${encode(randomEight())}`;
}
