import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptInboundEvent } from '../../src/app/inbound.js';
import { createTestApp } from '../helpers/test-app.js';

describe('acceptInboundEvent (persistent dedupe)', () => {
  it('accepts an event id once, still refuses it 25 h later, and forgets it after the 48 h TTL', async () => {
    const { deps, clock } = await createTestApp();
    expect(acceptInboundEvent(deps, 'lark', 'ev_1')).toBe(true);
    expect(acceptInboundEvent(deps, 'lark', 'ev_1')).toBe(false);
    clock.advance(25 * 60 * 60 * 1000);
    expect(acceptInboundEvent(deps, 'lark', 'ev_1')).toBe(false);
    expect(acceptInboundEvent(deps, 'slack', 'ev_1')).toBe(true);
    clock.advance(49 * 60 * 60 * 1000);
    expect(acceptInboundEvent(deps, 'lark', 'ev_1')).toBe(true);
  });

  it('survives a restart: the ids live in SQLite, not in memory', async () => {
    const path = `/tmp/loopx-inbound-${process.pid}-${Date.now()}.db`;
    const first = await createTestApp({ path });
    expect(acceptInboundEvent(first.deps, 'lark', 'ev_2')).toBe(true);
    first.deps.store.close();
    const second = await createTestApp({ path });
    expect(acceptInboundEvent(second.deps, 'lark', 'ev_2')).toBe(false);
    second.deps.store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  });
});
