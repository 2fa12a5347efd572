import { describe, expect, it } from 'vitest';
import { deferUntil, parseChatCommand } from '../../src/app/chat-commands.js';
import { decideFromChat, decisionFromButton } from '../../src/app/chat-decisions.js';
import { runChatCommand } from '../../src/app/chat-run.js';
import { askGate, amendGate } from '../../src/app/gates.js';
import { linkPerson } from '../../src/app/people.js';
import { findGate } from '../../src/app/queries/gates.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { listEvents } from '../../src/store/events.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap } from '../helpers/test-app.js';

const ANA = { surface: 'slack' as const, externalId: 'T1:UANA' };
const STRANGER = { surface: 'slack' as const, externalId: 'T1:UNOBODY' };

async function gateApp() {
  const app = await createTestApp();
  seedGoal(app.deps, { agents: ['a1'] });
  unwrap(linkPerson(app.deps, operator, 'ana', 'slack', ANA.externalId));
  const gate = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { global: true } })).gate;
  return { ...app, gate };
}

describe('chat decisions (shared by Slack and Lark)', () => {
  it('approves for a linked owner and says so', async () => {
    const app = await gateApp();
    const reply = decideFromChat(app.deps, ANA, decisionFromButton(encodeCardAction({ v: 1, gate: app.gate.id, rev: app.gate.revision, choice: 'approve' }), app.clock.now())!);
    expect(reply).toMatchObject({ ok: true, text: expect.stringContaining('Approved') });
    expect(findGate(app.deps.store, app.gate.id)?.state).toBe('approved');
  });

  it('refuses an unlinked account, changes nothing, and keeps an audit event', async () => {
    const app = await gateApp();
    const reply = decideFromChat(app.deps, STRANGER, { gateId: app.gate.id, revision: app.gate.revision, choice: 'approve' });
    expect(reply.ok).toBe(false);
    expect(reply.text).toContain('loopx person link <person> --slack T1:UNOBODY');
    expect(findGate(app.deps.store, app.gate.id)?.state).toBe('pending');
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decision_refused').map((e) => JSON.parse(e.payload).code)).toEqual(['identity_not_linked']);
  });

  it('explains self-approval, stale revisions and repeat clicks', async () => {
    const app = await gateApp();
    const ownGate = unwrap(askGate(app.deps, { actor: { kind: 'person', id: 'ana' } }, 'demo', { question: 'May I spend $50?', blocks: { global: true } })).gate;
    expect(decideFromChat(app.deps, ANA, { gateId: ownGate.id, revision: 1, choice: 'approve' }).text).toContain('You asked this question');
    unwrap(amendGate(app.deps, asAgent('a1'), app.gate.id, { question: 'May I publish today?' }));
    expect(decideFromChat(app.deps, ANA, { gateId: app.gate.id, revision: 1, choice: 'approve' }).text).toContain('This request changed');
    expect(decideFromChat(app.deps, ANA, { gateId: app.gate.id, revision: 2, choice: 'approve' }).ok).toBe(true);
    expect(decideFromChat(app.deps, ANA, { gateId: app.gate.id, revision: 2, choice: 'approve' }).text).toContain('already approved');
  });

  it('runs text commands with the same authorisation', async () => {
    const app = await gateApp();
    expect(runChatCommand(app.deps, ANA, 'gates').text).toContain(app.gate.id);
    expect(runChatCommand(app.deps, STRANGER, `approve ${app.gate.id}`).ok).toBe(false);
    expect(runChatCommand(app.deps, ANA, `reject ${app.gate.id}`).text).toContain('needs a gate id and a reason');
    expect(runChatCommand(app.deps, ANA, `defer ${app.gate.id} soon`).text).toContain('not a duration');
    expect(runChatCommand(app.deps, ANA, `reject ${app.gate.id} numbers are wrong`)).toMatchObject({ ok: true });
    expect(findGate(app.deps.store, app.gate.id)?.decision?.reason).toBe('numbers are wrong');
    expect(runChatCommand(app.deps, ANA, 'status demo').text).toContain('Demo goal');
  });

  it('review <goal> (or 评审) shows the same packet as loopx review, to people who may read the goal (issue 20 #5)', async () => {
    const app = await gateApp();
    const review = runChatCommand(app.deps, ANA, 'review demo');
    expect(review.ok).toBe(true);
    expect(review.text).toContain('May I publish?');
    expect(review.text).toContain('Approving does NOT authorise');
    expect(runChatCommand(app.deps, ANA, '评审 demo').text).toBe(review.text);
    expect(runChatCommand(app.deps, STRANGER, 'review demo')).toMatchObject({ ok: false, code: 'not_authorised_to_decide' });
    expect(runChatCommand(app.deps, ANA, 'review secret-goal')).toMatchObject({ ok: false, code: 'not_found' });
    expect(runChatCommand(app.deps, ANA, 'review').text).toContain('needs a goal id');
  });

  it('parses commands and durations', () => {
    expect(parseChatCommand('approve gate_1 looks good')).toEqual({ ok: true, command: { kind: 'approve', gateId: 'gate_1', reason: 'looks good' } });
    expect(parseChatCommand('')).toEqual({ ok: true, command: { kind: 'help' } });
    expect(parseChatCommand('launch')).toMatchObject({ ok: false });
    expect(deferUntil('4h', new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05T04:00:00.000Z');
    expect(deferUntil('2026-02-01T09:00:00Z', new Date())).toBe('2026-02-01T09:00:00.000Z');
    expect(deferUntil('tomorrow', new Date())).toBeNull();
  });
});
