import { describe, expect, it } from 'vitest';
import { addAgent } from '../../../src/app/agents.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate, type AskGateInput } from '../../../src/app/gates.js';
import { revokeStandingGrant } from '../../../src/app/gates/grants.js';
import { addGoal, addMember } from '../../../src/app/goals.js';
import { addPerson } from '../../../src/app/people.js';
import { listGrants } from '../../../src/app/queries/gates.js';
import { listEvents } from '../../../src/store/events.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { asPerson, gateApp } from '../gate-fixture.js';

// Issue 12 item 1: a standing grant never approves what its grantor could not approve by hand at that moment.

const DAY = 86_400_000;

/** demo (owner ana, approver bo) plus goal ops owned by dee, where neither ana nor bo has a role; agent w on ops. */
async function twoGoals() {
  const app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'dee', name: 'Dee' }));
  unwrap(addGoal(app.deps, operator, { id: 'ops', title: 'Ops', objective: 'Keep prod up', owners: ['dee'], timezone: 'UTC' }));
  unwrap(addAgent(app.deps, operator, { id: 'w', goalId: 'ops' }));
  return app;
}

/** Asks on demo (as the operator, who may choose a wide scope) and approves as `by`. */
function grantVia(deps: Awaited<ReturnType<typeof gateApp>>['deps'], by: string, scope: string, extra: { grantExpiresInSeconds?: number } = {}) {
  const gate = unwrap(askGate(deps, operator, 'demo', { question: `Grant ${scope} by ${by}?`, blocks: { global: true }, decisionScope: scope })).gate;
  return unwrap(decideGate(deps, asPerson(by), gate.id, { choice: 'approve', revision: 1, via: 'cli', ...extra })).gate;
}

const onOps = (deps: Awaited<ReturnType<typeof gateApp>>['deps'], question: string, extra: Partial<AskGateInput> = {}) =>
  unwrap(askGate(deps, asAgent('w'), 'ops', { question, blocks: { global: true }, decisionScope: 'production:goal:db', ...extra })).gate;

describe('standing grants stay within their grantor\'s authority', () => {
  it('does not carry an approver\'s global grant to a goal where they have no role (the reported case)', async () => {
    const { deps } = await twoGoals();
    grantVia(deps, 'bo', 'production:global:*');
    expect(onOps(deps, 'Restart prod DB?').state).toBe('pending');
  });

  it('narrows a wider-than-goal grant by an approver to the goal; an owner may grant wider', async () => {
    const { deps } = await twoGoals();
    grantVia(deps, 'bo', 'production:global:*');
    expect(listGrants(deps.store, 'demo').map((g) => g.scope)).toEqual(['production:goal:*']);
    expect(listEvents(deps.store).find((e) => e.type === 'gate.grant_recorded')?.payload).toContain('"narrowed_from":"production:global:*"');
    grantVia(deps, 'ana', 'production:global:*');
    expect(listGrants(deps.store, 'demo').map((g) => g.scope).sort()).toEqual(['production:global:*', 'production:goal:*']);
  });

  it('applies an owner\'s global grant on another goal only while the owner may decide there', async () => {
    const { deps } = await twoGoals();
    const source = grantVia(deps, 'ana', 'production:global:*');
    expect(onOps(deps, 'Restart prod DB?').state).toBe('pending');
    unwrap(addMember(deps, operator, 'ops', 'ana', 'approver'));
    const covered = onOps(deps, 'Restart prod DB again?');
    const grant = listGrants(deps.store, 'demo')[0];
    expect(covered).toMatchObject({ state: 'approved', grantId: grant?.id, decision: { by: 'ana', via: 'system', reason: expect.stringContaining("Ana's standing grant for production:global:*") } });
    const decided = listEvents(deps.store).filter((e) => e.type === 'gate.decided' && e.payload.includes(covered.id));
    expect(decided[0]?.payload).toContain(`"grant_id":"${grant?.id}"`);
    expect(source.state).toBe('approved');
  });

  it.each([
    ['a high-risk gate', { risk: 'high' as const }],
    ['a quorum gate', { approvers: ['ana', 'dee'], quorum: 2 }],
    ['named approvers that exclude the grantor', { approvers: ['dee'] }],
  ])('never covers %s', async (_name, extra) => {
    const { deps } = await twoGoals();
    grantVia(deps, 'ana', 'production:global:*');
    unwrap(addMember(deps, operator, 'ops', 'ana', 'approver'));
    expect(onOps(deps, 'Restart prod DB?', extra).state).toBe('pending');
  });

  it('records no grant from a quorum approval', async () => {
    const { deps } = await twoGoals();
    const gate = unwrap(askGate(deps, operator, 'demo', { question: 'Both?', blocks: { global: true }, decisionScope: 'publish:goal:blog', approvers: ['ana', 'bo'], quorum: 2 })).gate;
    unwrap(decideGate(deps, asPerson('ana'), gate.id, { choice: 'approve', revision: 1, via: 'cli' }));
    expect(unwrap(decideGate(deps, asPerson('bo'), gate.id, { choice: 'approve', revision: 1, via: 'cli' })).gate.state).toBe('approved');
    expect(listGrants(deps.store, 'demo')).toHaveLength(0);
  });

  it('expires after 30 days by default, or when the grantor said', async () => {
    const { deps, clock, todoA, todoB } = await twoGoals();
    grantVia(deps, 'ana', 'publish:goal:blog');
    const ask = (q: string, todo: string) => unwrap(askGate(deps, asAgent('a1'), 'demo', { question: q, blocks: { todoIds: [todo] }, decisionScope: 'publish:action:blog' })).gate;
    expect(ask('Publish one?', todoA).state).toBe('approved');
    clock.advance(31 * DAY);
    expect(ask('Publish two?', todoB).state).toBe('pending');
    expect(listGrants(deps.store, 'demo', { now: clock.now() })).toHaveLength(0);
    grantVia(deps, 'ana', 'publish:goal:docs', { grantExpiresInSeconds: 3600 });
    const docs = (q: string) => unwrap(askGate(deps, asAgent('a2'), 'demo', { question: q, blocks: { agent: 'a2' }, decisionScope: 'publish:action:docs' })).gate;
    expect(docs('Docs one?').state).toBe('approved');
    clock.advance(2 * 3600_000);
    expect(docs('Docs two?').state).toBe('pending');
    const tooLong = decideGate(deps, asPerson('ana'), docs('Docs three?').id, { choice: 'approve', revision: 1, via: 'cli', grantExpiresInSeconds: 400 * 86_400 });
    expect(tooLong.ok ? 'ok' : tooLong.error.code).toBe('invalid_request');
  });

  it('is revoked by its grantor, an owner or the operator, never by anyone else, and then covers nothing', async () => {
    const { deps, todoA } = await twoGoals();
    grantVia(deps, 'bo', 'publish:goal:blog');
    const grant = listGrants(deps.store, 'demo')[0];
    if (!grant) throw new Error('no grant');
    for (const who of [asPerson('cy'), asPerson('dee'), asAgent('a1')]) {
      const refused = revokeStandingGrant(deps, who, grant.id);
      expect(refused.ok ? 'ok' : refused.error.code).toMatch(/forbidden/);
    }
    expect(unwrap(revokeStandingGrant(deps, asPerson('ana'), grant.id, 'too broad')).changed).toBe(true);
    expect(unwrap(revokeStandingGrant(deps, asPerson('bo'), grant.id)).changed).toBe(false);
    expect(listGrants(deps.store, 'demo', { includeRevoked: true })[0]).toMatchObject({ revokedBy: 'ana', revokedReason: 'too broad' });
    expect(unwrap(askGate(deps, asAgent('a1'), 'demo', { question: 'Publish?', blocks: { todoIds: [todoA] }, decisionScope: 'publish:action:blog' })).gate.state).toBe('pending');
  });
});
