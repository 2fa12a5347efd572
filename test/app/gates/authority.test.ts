import { describe, expect, it } from 'vitest';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate } from '../../../src/app/gates.js';
import { addMember } from '../../../src/app/goals.js';
import { addPerson } from '../../../src/app/people.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { gateToWire } from '../../../src/contract/gate-wire.js';
import { approversOf } from '../../../src/app/queries/gates.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12 item 11: an agent may narrow who decides, never widen it.

async function withOutsider() {
  const app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'bob', name: 'Bob' }));
  return app;
}

describe('named approvers must hold decision authority on the goal', () => {
  it('refuses an agent naming a person with no role (422 approver_without_authority), writing nothing', async () => {
    const { deps } = await withOutsider();
    const asked = askGate(deps, asAgent('a1'), 'demo', { question: 'Deploy to prod?', blocks: { agent: 'a1' }, approvers: ['bob'], risk: 'high' });
    expect(asked.ok ? 'ok' : asked.error.code).toBe('approver_without_authority');
    expect(asked.ok ? null : asked.error.details).toMatchObject({ field: 'approvers', person_ids: ['bob'] });
    const viewer = askGate(deps, asAgent('a1'), 'demo', { question: 'Deploy to prod?', blocks: { agent: 'a1' }, approvers: ['cy'] });
    expect(viewer.ok ? 'ok' : viewer.error.code).toBe('approver_without_authority');
  });

  it('lets an agent narrow to one approver: only that approver decides; the owner and a viewer are refused', async () => {
    const { deps } = await withOutsider();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Deploy to prod?', blocks: { agent: 'a1' }, approvers: ['bo'] })).gate;
    for (const who of ['ana', 'cy', 'bob']) {
      const refused = decideGate(deps, asPerson(who), gate.id, { choice: 'approve', revision: 1, via: 'web' });
      expect(refused.ok ? 'ok' : refused.error.code).toBe('not_authorised_to_decide');
    }
    expect(unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'web' })).gate.state).toBe('approved');
  });

  it('drops a named approver who lost the role after the gate was asked', async () => {
    const { deps, clock } = await withOutsider();
    const gate = unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Deploy?', blocks: { agent: 'a1' }, approvers: ['ana', 'bo'] })).gate;
    unwrap(addMember(deps, operator, 'demo', 'bo', 'viewer'));
    const now = findGate(deps.store, gate.id);
    expect(now && approversOf(deps.store, now)).toEqual(['ana']);
    expect(now && gateToWire(now, clock.now(), approversOf(deps.store, now)).waiting_on).toEqual(['ana']);
    const refused = decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('not_authorised_to_decide');
  });
});

describe('agents may not choose wide decision scopes', () => {
  it.each(['production:global:*', 'production:project:db', 'publish:goal:*', 'publish:global:blog'])('refuses %s from an agent (403 decision_scope_too_wide)', async (scope) => {
    const { deps } = await gateApp();
    const asked = askGate(deps, asAgent('a1'), 'demo', { question: 'Restart prod DB?', blocks: { global: true }, decisionScope: scope });
    expect(asked.ok ? 'ok' : asked.error.code).toBe('decision_scope_too_wide');
  });

  it('lets an agent ask at goal scope or narrower, and a person ask wider', async () => {
    const { deps } = await gateApp();
    expect(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { agent: 'a1' }, decisionScope: 'publish:goal:blog' }).ok).toBe(true);
    expect(askGate(deps, asPerson('ana'), 'demo', { question: 'Publish everywhere?', blocks: { global: true }, decisionScope: 'publish:project:blog' }).ok).toBe(true);
    expect(askGate(deps, operator, 'demo', { question: 'Publish all?', blocks: { global: true }, decisionScope: 'publish:global:*' }).ok).toBe(true);
  });
});
