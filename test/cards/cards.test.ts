import { describe, expect, it } from 'vitest';
import { boardCard } from '../../cards/board-card.js';
import { gateCard } from '../../cards/gate-card.js';
import type { CardBlock } from '../../cards/model.js';
import { BUTTON_VALUE_LIMIT, decodeCardAction, encodeCardAction } from '../../src/contract/card-action.js';
import { BOARD, GATE } from './views.fixture.js';

const buttonsOf = (blocks: readonly CardBlock[]) => blocks.flatMap((b) => (b.type === 'actions' ? b.buttons : []));

describe('board card', () => {
  it('matches the golden rendering', async () => {
    await expect(JSON.stringify(boardCard(BOARD), null, 2)).toMatchFileSnapshot('../fixtures/cards/board.golden.json');
  });

  it('shows all seven lanes, the pending gate with its buttons, and the time in the goal timezone', () => {
    const card = boardCard(BOARD);
    const lanes = card.blocks.find((b) => b.type === 'lanes');
    expect(lanes?.type === 'lanes' && lanes.lanes.map((l) => l.label)).toEqual(['Todo', 'Claimed', 'Running', 'Review', 'Blocked', 'User Gate', 'Done']);
    expect(buttonsOf(card.blocks).map((b) => b.action)).toEqual([
      { v: 1, gate: 'gate_1', rev: 2, choice: 'approve' },
      { v: 1, gate: 'gate_1', rev: 2, choice: 'reject' },
      { v: 1, gate: 'gate_1', rev: 2, choice: 'defer' },
    ]);
    expect(JSON.stringify(card)).toContain('updated 2026-01-05 14:02 (Asia/Shanghai)');
    expect(card.key).toBe('goal:demo');
  });

  it('warns when agents went silent and caps the gates that get buttons', () => {
    const gates = Array.from({ length: 5 }, (_, i) => ({ ...BOARD.needsYou[0]!, id: `gate_${i}` }));
    const card = boardCard({ ...BOARD, needsYou: gates, needsYouTotal: 8, staleSince: '2026-01-05T01:00:00.000Z' });
    expect(card.blocks.some((b) => b.type === 'text' && b.tone === 'danger' && b.text.includes('Stale: no agent activity since 2026-01-05 09:00 (Asia/Shanghai)'))).toBe(true);
    expect(buttonsOf(card.blocks)).toHaveLength(15);
    expect(JSON.stringify(card)).toContain('and 3 more pending gates');
  });
});

describe('gate card', () => {
  it('matches the golden renderings, pending and resolved', async () => {
    await expect(JSON.stringify(gateCard(GATE), null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-pending.golden.json');
    const resolved = { ...GATE, state: 'approved' as const, decision: { outcome: 'approved' as const, by: 'Ana', at: '2026-01-05T06:02:00.000Z', via: 'slack', reason: 'Numbers look right.', until: null } };
    await expect(JSON.stringify(gateCard(resolved), null, 2)).toMatchFileSnapshot('../fixtures/cards/gate-resolved.golden.json');
  });

  it('replaces the buttons with the outcome line once decided', () => {
    const card = gateCard({ ...GATE, state: 'approved', decision: { outcome: 'approved', by: 'Ana', at: '2026-01-05T06:02:00.000Z', via: 'slack', reason: 'Numbers look right.', until: null } });
    expect(buttonsOf(card.blocks)).toEqual([]);
    expect(card.blocks).toContainEqual({ type: 'outcome', text: 'Approved by Ana · 14:02 (Asia/Shanghai) · via Slack', tone: 'good' });
    expect(card.blocks).toContainEqual({ type: 'text', text: 'Reason: Numbers look right.' });
  });

  it('puts only {version, gate, revision, choice} on buttons, well under the platform limit', () => {
    for (const button of buttonsOf(gateCard({ ...GATE, id: `gate_${'x'.repeat(120)}` }).blocks)) {
      const value = encodeCardAction(button.action);
      expect(value.length).toBeLessThan(BUTTON_VALUE_LIMIT);
      expect(Object.keys(JSON.parse(value)).sort()).toEqual(['choice', 'gate', 'rev', 'v']);
      expect(decodeCardAction(value)).toEqual(button.action);
    }
  });
});
