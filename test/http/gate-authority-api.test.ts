import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAgent } from '../../src/app/agents.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { askGate } from '../../src/app/gates.js';
import { addGoal } from '../../src/app/goals.js';
import { addPerson } from '../../src/app/people.js';
import { asPerson, gateApp } from '../app/gate-fixture.js';
import { call, startTestServer, type TestServer } from '../helpers/http.js';
import { operator, unwrap } from '../helpers/test-app.js';

// Issue 12 items 1, 3, 6 and 11, as an agent meets them over HTTP.

let app: Awaited<ReturnType<typeof gateApp>>;
let server: TestServer;
let opsToken: string;

beforeEach(async () => {
  app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'bob', name: 'Bob' }));
  unwrap(addPerson(app.deps, operator, { id: 'dee', name: 'Dee' }));
  unwrap(addGoal(app.deps, operator, { id: 'ops', title: 'Ops', objective: 'Keep prod up', owners: ['dee'], timezone: 'UTC' }));
  opsToken = unwrap(addAgent(app.deps, operator, { id: 'ag48', goalId: 'ops' })).token;
  server = await startTestServer(app.deps);
});
afterEach(() => server.close());

describe('gate authority over the agent API', () => {
  it('refuses approvers without a role (422) and wide scopes (403), as reported', async () => {
    const own = await call(server.url, 'POST', '/v1/goals/ops/gates', { token: opsToken, body: { question: 'Deploy to prod?', blocks: { agent: 'ag48' }, approvers: ['bob'], risk: 'high' } });
    expect(own.status).toBe(422);
    expect(own.body.error).toMatchObject({ code: 'approver_without_authority', details: { field: 'approvers', person_ids: ['bob'] } });
    const wide = await call(server.url, 'POST', '/v1/goals/demo/gates', { token: app.tokens.a1, body: { question: 'Go?', blocks: { global: true }, decision_scope: 'production:global:*' } });
    expect(wide.status).toBe(403);
    expect(wide.body.error.code).toBe('decision_scope_too_wide');
  });

  it('does not let an approver\'s grant on one goal approve a gate on another', async () => {
    const source = unwrap(askGate(app.deps, operator, 'demo', { question: 'Prod changes?', blocks: { global: true }, decisionScope: 'production:global:*' })).gate;
    unwrap(decideGate(app.deps, asPerson('bo'), source.id, { choice: 'approve', revision: 1, via: 'cli' }));
    const res = await call(server.url, 'POST', '/v1/goals/ops/gates', { token: opsToken, body: { question: 'Restart prod DB?', blocks: { global: true }, decision_scope: 'production:goal:db' } });
    expect(res.status).toBe(201);
    expect(res.body.gate).toMatchObject({ state: 'pending', grant_id: null, waiting_on: ['dee'] });
  });

  it('refuses a late decision 409 gate_expired and returns the chosen option to the agent', async () => {
    const late = unwrap(askGate(app.deps, operator, 'demo', { question: 'Soon?', blocks: { global: true }, expiresInSeconds: 60, onExpire: 'deny' })).gate;
    const picked = (await call(server.url, 'POST', '/v1/goals/ops/gates', { token: opsToken, body: { question: 'Which DB?', blocks: { agent: 'ag48' }, options: ['Alpha', 'Beta'] } })).body.gate;
    app.clock.advance(65_000);
    const refused = decideGate(app.deps, asPerson('ana'), late.id, { choice: 'approve', revision: 1, via: 'cli' });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('gate_expired');
    unwrap(decideGate(app.deps, asPerson('dee'), picked.id, { choice: 'approve', revision: 1, via: 'slack', option: 'Alpha' }));
    const read = await call(server.url, 'GET', `/v1/gates/${picked.id}`, { token: opsToken });
    expect(read.body.gate).toMatchObject({ options: ['Alpha', 'Beta'], decision: { outcome: 'approved', option: 'Alpha' } });
    const turn = await call(server.url, 'POST', '/v1/goals/ops/should-run', { token: opsToken, body: { turn_id: 't-1' } });
    expect(turn.body.answered_gates).toEqual([{ id: picked.id, question: 'Which DB?', outcome: 'approved', option: 'Alpha', reason: null }]);
  });
});
