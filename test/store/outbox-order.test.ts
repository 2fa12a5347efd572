import { describe, expect, it } from 'vitest';
import { pendingDestinations, upsertOutbox } from '../../src/store/outbox.js';
import { createTestApp } from '../helpers/test-app.js';

function queue(store: Parameters<typeof upsertOutbox>[0], destination: string, priority: number, at: string): void {
  upsertOutbox(store, { surface: 'slack', destination, cardKey: `goal:${destination}`, card: '{}', cardHash: `h-${destination}-${at}`, revision: 1, priority, threadOf: null }, at);
}

describe('pendingDestinations', () => {
  it('lists the destination with the most urgent head row first, then the one waiting longest', async () => {
    const { deps } = await createTestApp();
    queue(deps.store, 'C_OLD_PROGRESS', 2, '2026-01-05T09:00:00.000Z');
    queue(deps.store, 'C_NEW_PROGRESS', 2, '2026-01-05T09:00:05.000Z');
    queue(deps.store, 'C_GATE', 1, '2026-01-05T09:00:09.000Z');
    expect(pendingDestinations(deps.store, 'slack')).toEqual(['C_GATE', 'C_OLD_PROGRESS', 'C_NEW_PROGRESS']);
  });

  it('moves a destination forward when a gate change coalesces into its queued progress row', async () => {
    const { deps } = await createTestApp();
    queue(deps.store, 'C_A', 2, '2026-01-05T09:00:00.000Z');
    queue(deps.store, 'C_B', 2, '2026-01-05T09:00:01.000Z');
    queue(deps.store, 'C_B', 1, '2026-01-05T09:00:02.000Z');
    expect(pendingDestinations(deps.store, 'slack')).toEqual(['C_B', 'C_A']);
  });
});
