import { describe, expect, it } from 'vitest';
import { boardCard, gateCard } from '../../cards/index.js';
import { cardToText } from '../../cards/text.js';
import { addEvidence } from '../../src/app/evidence.js';
import { askGate } from '../../src/app/gates.js';
import { defaultBoardExtras } from '../../src/app/projection/sources.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { gateView } from '../../src/app/queries/gate-view.js';
import { gateApp } from '../app/gate-fixture.js';
import { asAgent, unwrap } from '../helpers/test-app.js';

// Issue 15 #6: human surfaces name things; ids stay in details and --json (and in the CLI commands a text
// rendering offers instead of buttons, which need them).

describe('people before ids', () => {
  it('gate and board cards name the question, the todo and the goal, never gate_/todo_ ids or "revision"; the gate card cites its evidence', async () => {
    const { deps, clock, todoA } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'May I publish the launch post?', blocks: { todoIds: [todoA] } })).gate;
    unwrap(addEvidence(deps, asAgent('a1'), { goalId: 'demo', gateId: gate.id, kind: 'benchmark', summary: 'Draft reviewed by two editors', url: 'https://docs.example.com/launch' }));
    const text = cardToText(gateCard(gateView(deps.store, gate.id)!));
    expect(text).toContain('the todo "Publish the post"');
    expect(text).toContain('Draft reviewed by two editors');
    expect(text).toMatch(/Evidence:\n {2}- Draft reviewed by two editors \(benchmark by a1 · /);
    const board = boardView(deps.store, 'demo', clock.now(), defaultBoardExtras(deps.store, 'demo', clock.now()));
    const boardText = board.ok ? cardToText(boardCard(board.value)) : '';
    for (const shown of [text, boardText].map((t) => t.replace(/loopx \w+ [^\n]*/g, ''))) {
      expect(shown).not.toMatch(/\b(gate|todo)_[0-9a-z]{6,}/);
      expect(shown).not.toMatch(/revision \d/);
    }
  });
});
