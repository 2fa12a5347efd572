import { describe, expect, it } from 'vitest';
import { gateBlockIndex, gateBlocksTodo, type GateBlocks, type GateState } from '../../src/kernel/gate.js';

const gate = (state: GateState, blocks: Partial<GateBlocks>) => ({ state, blocks: { agent: null, todoIds: [], global: false, ...blocks } });

const GATES = [
  gate('pending', { todoIds: ['t1'] }),
  gate('deferred', { agent: 'a2' }),
  gate('approved', { global: true }),
  gate('rejected', { todoIds: ['t3'] }),
  gate('pending', { agent: 'a4', todoIds: ['t5'] }),
];
const TODOS = ['t1', 't2', 't3', 't4', 't5'].map((id) => ({ id }));
const AGENTS = [null, 'a1', 'a2', 'a4'];

describe('gateBlockIndex', () => {
  it('answers exactly what gateBlocksTodo answers over every gate, for every todo and agent', () => {
    const blocked = gateBlockIndex(GATES);
    for (const todo of TODOS) {
      for (const agent of AGENTS) {
        expect(blocked(todo, agent), `${todo.id}/${agent}`).toBe(GATES.some((g) => gateBlocksTodo(g, todo, agent)));
      }
    }
  });

  it('blocks everything when an open gate is global, and nothing when no gate is open', () => {
    expect(gateBlockIndex([gate('pending', { global: true })])({ id: 'any' }, null)).toBe(true);
    expect(gateBlockIndex([gate('approved', { global: true }), gate('cancelled', { agent: 'a1' })])({ id: 'any' }, 'a1')).toBe(false);
  });
});
