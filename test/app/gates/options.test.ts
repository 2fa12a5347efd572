import { describe, expect, it } from 'vitest';
import { gateCard } from '../../../cards/gate-card.js';
import { cardToText } from '../../../cards/text.js';
import { decideFromChat, decisionFromButton } from '../../../src/app/chat-decisions.js';
import { runChatCommand } from '../../../src/app/chat-run.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { amendGate, askGate } from '../../../src/app/gates.js';
import { linkPerson } from '../../../src/app/people.js';
import { gateView } from '../../../src/app/queries/gate-view.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { reviewPacket } from '../../../src/app/queries/review.js';
import { shouldRun } from '../../../src/app/should-run.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { gateToWire } from '../../../src/contract/gate-wire.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12 item 6: options are choices: a button each, the decision records the one chosen, the agent reads it back.

async function withOptions() {
  const app = await gateApp({ agents: ['a1'] });
  const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'Which title?', options: ['Alpha', 'Beta'] })).gate;
  return { ...app, gate };
}

describe('gate options', () => {
  it('draws one approve button per option, plus Reject, each carrying its option', async () => {
    const { deps, gate } = await withOptions();
    const card = gateCard(gateView(deps.store, gate.id)!);
    const buttons = card.blocks.flatMap((b) => (b.type === 'actions' ? b.buttons : []));
    expect(buttons.map((b) => b.label)).toEqual(['Alpha', 'Beta', 'Reject', 'Defer 24 h']);
    expect(buttons.map((b) => b.action.opt)).toEqual([0, 1, undefined, undefined]);
    expect(cardToText(card)).toContain('Options: Alpha · Beta');
  });

  it('records the chosen option from a button and shows it on the card, the wire, and should-run', async () => {
    const { deps, clock, gate } = await withOptions();
    unwrap(linkPerson(deps, operator, 'ana', 'slack', 'T1:U1'));
    const decision = decisionFromButton(encodeCardAction({ v: 1, gate: gate.id, rev: 1, choice: 'approve', opt: 1 }), clock.now());
    const reply = decideFromChat(deps, { surface: 'slack', externalId: 'T1:U1' }, decision!);
    expect(reply).toMatchObject({ ok: true, text: 'Approved "Beta". The agent sees it on its next should-run.' });
    const decided = findGate(deps.store, gate.id)!;
    expect(decided.decision).toMatchObject({ outcome: 'approved', option: 'Beta' });
    expect(gateToWire(decided, clock.now()).decision?.option).toBe('Beta');
    expect(cardToText(gateCard(gateView(deps.store, gate.id)!))).toContain('Approved "Beta" by Ana');
    const packet = unwrap(shouldRun(deps, asAgent('a1'), 'demo', 'turn-1'));
    expect(packet.answered_gates).toEqual([{ id: gate.id, question: 'Which title?', outcome: 'approved', option: 'Beta', reason: null }]);
  });

  it('picks an option from the text command: approve <gate> <option>', async () => {
    const { deps, gate } = await withOptions();
    unwrap(linkPerson(deps, operator, 'bo', 'slack', 'T1:U2'));
    const reply = runChatCommand(deps, { surface: 'slack', externalId: 'T1:U2' }, `approve ${gate.id} alpha`);
    expect(reply).toMatchObject({ ok: true, text: 'Approved "Alpha". The agent sees it on its next should-run.' });
    expect(findGate(deps.store, gate.id)?.decision?.option).toBe('Alpha');
  });

  it('needs an option to approve (422 option_required) and refuses one that is not offered', async () => {
    const { deps, gate } = await withOptions();
    const bare = decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(bare.ok ? 'ok' : bare.error.code).toBe('option_required');
    expect(bare.ok ? '' : bare.error.message).toContain('Alpha, Beta');
    const wrong = decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli', option: 'Gamma' });
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('option_required');
    expect(unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli', option: 'Alpha' })).gate.decision?.option).toBe('Alpha');
  });

  it('refuses an option on a gate without options, and options on a quorum gate', async () => {
    const { deps } = await gateApp({ agents: ['a1'] });
    const plain = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Go?' })).gate;
    const extra = decideGate(deps, asPerson('ana'), plain.id, { choice: 'approve', revision: 1, via: 'cli', option: 'Alpha' });
    expect(extra.ok ? 'ok' : extra.error.code).toBe('invalid_request');
    const quorum = askGate(deps, asAgent('a1'), 'demo', { question: 'Which?', options: ['A', 'B'], quorum: 2 });
    expect(quorum.ok ? 'ok' : quorum.error.code).toBe('invalid_request');
    const twice = askGate(deps, asAgent('a1'), 'demo', { question: 'Which one?', options: ['A', 'A'] });
    expect(twice.ok ? 'ok' : twice.error.code).toBe('invalid_request');
    const voted = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Both of you?', approvers: ['ana', 'bo'], quorum: 2 })).gate;
    const amended = amendGate(deps, asAgent('a1'), voted.id, { options: ['A', 'B'] });
    expect(amended.ok ? 'ok' : amended.error.code).toBe('invalid_request');
  });

  it('lists the options and a command per option in the review packet', async () => {
    const { deps, gate } = await withOptions();
    const review = unwrap(reviewPacket(deps.store, 'demo'));
    expect(review.commands?.approve).toBe(`loopx gate approve ${gate.id} --as <you> --revision 1 --option "<one of: Alpha, Beta>"`);
  });
});
