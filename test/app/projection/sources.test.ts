import { describe, expect, it } from 'vitest';
import { CARD_PRIORITY, createBoardSource } from '../../../src/app/projection/index.js';
import type { EventRow } from '../../../src/store/events.js';
import { createTestApp } from '../../helpers/test-app.js';

function event(type: string, goalId = 'demo'): EventRow {
  return { seq: 1, at: '2026-01-05T09:00:00.000Z', goal_id: goalId, type, actor: 'agent:a1', payload: '{}', idempotency_key: null, prev_hash: '', hash: '' };
}

describe('board card priority', () => {
  it.each([
    ['evidence.added', CARD_PRIORITY.progress],
    ['gate.asked', CARD_PRIORITY.gate],
    ['gate.decided', CARD_PRIORITY.decision],
    ['gate.woke', CARD_PRIORITY.decision],
  ])('a %s event re-sends the board at priority %i', async (type, priority) => {
    const { deps } = await createTestApp();
    expect(createBoardSource().affected(deps.store, [event(type)])).toEqual([{ key: 'goal:demo', goalId: 'demo', priority }]);
  });

  it('takes the most urgent priority of a batch, one card per goal', async () => {
    const { deps } = await createTestApp();
    const targets = createBoardSource().affected(deps.store, [event('evidence.added'), event('gate.decided'), event('gate.asked'), event('evidence.added', 'other')]);
    expect(targets).toEqual([
      { key: 'goal:demo', goalId: 'demo', priority: CARD_PRIORITY.decision },
      { key: 'goal:other', goalId: 'other', priority: CARD_PRIORITY.progress },
    ]);
  });
});
