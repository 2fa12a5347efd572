import { describe, expect, it } from 'vitest';
import { gateCard } from '../../../cards/gate-card.js';
import { cardToText } from '../../../cards/text.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { amendGate, askGate } from '../../../src/app/gates.js';
import { gateView } from '../../../src/app/queries/gate-view.js';
import { findGate, waitingOn } from '../../../src/app/queries/gates.js';
import { goalStatus } from '../../../src/app/queries/goal-status.js';
import { gateToWire } from '../../../src/contract/gate-wire.js';
import { asAgent, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12 item 7: waiting_on lists only those whose vote could still count; the card counts approvals by name.

describe('quorum bookkeeping', () => {
  it('drops a voter from waiting_on and shows "1 of 2 approvals (Bo)" on the card', async () => {
    const { deps, clock, todoB } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Spend $500?', blocks: { todoIds: [todoB] }, quorum: 2 })).gate;
    unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'slack' }));
    const voted = findGate(deps.store, gate.id);
    if (!voted) throw new Error('gone');
    expect(waitingOn(deps.store, voted)).toEqual(['ana']);
    expect(gateToWire(voted, clock.now(), waitingOn(deps.store, voted)).waiting_on).toEqual(['ana']);
    expect(unwrap(goalStatus(deps.store, 'demo', clock.now())).openGates[0]?.waitingOn).toEqual(['ana']);
    const view = gateView(deps.store, gate.id);
    expect(view && cardToText(gateCard(view))).toContain('1 of 2 approvals (Bo)');
  });

  it('counts again from zero on an amended question (old votes lapse)', async () => {
    const { deps } = await gateApp();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Spend $500?', blocks: { agent: 'a1' }, quorum: 2 })).gate;
    unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'slack' }));
    unwrap(amendGate(deps, asAgent('a1'), gate.id, { question: 'Spend $600?' }));
    const amended = findGate(deps.store, gate.id);
    expect(amended && waitingOn(deps.store, amended)).toEqual(['ana', 'bo']);
    const view = gateView(deps.store, gate.id);
    expect(view && cardToText(gateCard(view))).toContain('0 of 2 approvals');
  });
});
