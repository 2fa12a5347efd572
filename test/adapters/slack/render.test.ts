import { describe, expect, it } from 'vitest';
import { cardToBlockKit } from '../../../adapters/slack/render.js';
import { boardCard } from '../../../cards/board-card.js';
import { gateCard } from '../../../cards/gate-card.js';
import type { Card } from '../../../cards/model.js';
import { askGate } from '../../../src/app/gates.js';
import { defaultBoardExtras } from '../../../src/app/projection/index.js';
import { boardView } from '../../../src/app/queries/board-view.js';
import { addTodo } from '../../../src/app/todos.js';
import { blockKitViolations } from '../../helpers/block-kit.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../../helpers/test-app.js';
import { BOARD, GATE } from '../../cards/views.fixture.js';

describe('Block Kit renderer', () => {
  it('matches the golden Block Kit for the board and gate cards', async () => {
    await expect(JSON.stringify(cardToBlockKit(boardCard(BOARD)), null, 2)).toMatchFileSnapshot('../../fixtures/slack/board.blocks.json');
    await expect(JSON.stringify(cardToBlockKit(gateCard(GATE)), null, 2)).toMatchFileSnapshot('../../fixtures/slack/gate.blocks.json');
  });

  it('renders an oversized goal (300 todos, long texts, many gates) as valid Block Kit within every limit', async () => {
    const app = await createTestApp();
    seedGoal(app.deps, { agents: ['a1'] });
    const long = (i: number) => `Todo ${i}: ${'investigate the flaky benchmark and write down every finding '.repeat(30)}`.slice(0, 1900);
    for (let i = 0; i < 300; i += 1) unwrap(addTodo(app.deps, operator, 'demo', { text: long(i), priority: i % 2 === 0 ? 'P1' : 'P3' }));
    for (let i = 0; i < 12; i += 1) {
      unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: `Question ${i}: ${'may I go ahead with the risky migration now? '.repeat(20)}`, context: 'x'.repeat(4000), blocks: { global: true } }));
    }
    const view = unwrap(boardView(app.deps.store, 'demo', app.clock.now(), defaultBoardExtras(app.deps.store, 'demo', app.clock.now())));
    const message = cardToBlockKit(boardCard(view), { seeMoreUrl: 'http://127.0.0.1:8787/goals/demo' });
    expect(blockKitViolations(message)).toEqual([]);
    const json = JSON.stringify(message.blocks);
    expect(json).toContain('"action_id":"loopx:approve:');
    expect(json).toContain('and 7 more pending gates');
    expect(json).toContain('Blocked · 300');
  });

  it('degrades a card over every per-block limit instead of failing', () => {
    const huge: Card = {
      key: 'goal:huge',
      kind: 'board',
      fallbackText: 'f'.repeat(50_000),
      blocks: [
        { type: 'header', text: 'H'.repeat(400), status: 'active' },
        ...Array.from({ length: 70 }, (_, i) => ({ type: 'text' as const, text: `${i} ${'<&> '.repeat(1500)}` })),
        { type: 'fields', fields: Array.from({ length: 23 }, (_, i) => ({ label: `f${i}`, value: 'v'.repeat(2500) })) },
        { type: 'actions', buttons: Array.from({ length: 30 }, (_, i) => ({ label: 'L'.repeat(100), style: 'primary' as const, action: { v: 1 as const, gate: `gate_${i}`, rev: 1, choice: 'approve' as const } })) },
      ],
    };
    const message = cardToBlockKit(huge, { seeMoreUrl: 'http://127.0.0.1:8787/goals/huge' });
    expect(blockKitViolations(message)).toEqual([]);
    expect(JSON.stringify(message.blocks)).toContain('<http://127.0.0.1:8787/goals/huge|see more>');
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(message.blocks)).not.toContain('<&>');
  });
});
