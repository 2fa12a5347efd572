import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestCard } from '../../../cards/digest-card.js';
import { gateCard } from '../../../cards/gate-card.js';
import { previewDigest } from '../../../src/app/digest.js';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate } from '../../../src/app/gates.js';
import { addGoal } from '../../../src/app/goals.js';
import { createJobDeps } from '../../../src/app/job-deps.js';
import { gateView } from '../../../src/app/queries/gate-view.js';
import { listGrants } from '../../../src/app/queries/gates.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { asPerson, gateApp } from '../../app/gate-fixture.js';
import { asAgent, operator, unwrap } from '../../helpers/test-app.js';
import { cookiePair, csrfFrom, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

// Issue 12 item 1: every automatic approval cites its grant (audit, card, digest); the gate page lists and revokes grants.

let app: Awaited<ReturnType<typeof gateApp>>;
let server: WebTestServer;
let covered: string;

beforeEach(async () => {
  app = await gateApp();
  const first = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish posts?', blocks: { todoIds: [app.todoA] }, decisionScope: 'publish:goal:blog' })).gate;
  unwrap(decideGate(app.deps, asPerson('bo'), first.id, { choice: 'approve', revision: 1, via: 'slack' }));
  covered = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish this one?', blocks: { todoIds: [app.todoB] }, decisionScope: 'publish:action:blog' })).gate.id;
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function signIn(personId: string): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  return cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
}

describe('an automatic approval cites its grant', () => {
  it('on the card and in the digest', () => {
    const grant = listGrants(app.deps.store, 'demo')[0];
    const view = gateView(app.deps.store, covered);
    const text = JSON.stringify(view && gateCard(view).blocks);
    expect(text).toContain("Approved automatically by a standing grant.");
    expect(text).toContain("Bo's standing grant for publish:goal:blog");
    const digest = JSON.stringify(digestCard(unwrap(previewDigest(createJobDeps(app.deps), 'demo'))).blocks);
    expect(digest).toContain('Approved by standing grants (1)');
    expect(digest).toContain('May I publish this one?');
    expect(digest).toContain(`loopx grant revoke ${grant?.id}`);
  });
});

describe('the gate page lists and revokes standing grants', () => {
  it('shows the grant with a Revoke button; an owner revokes it, a viewer is refused', async () => {
    const grant = listGrants(app.deps.store, 'demo')[0];
    const viewer = await signIn('cy');
    const page = await getPage(server.url, `/gates/${covered}`, viewer);
    expect(page.text).toContain('Standing grants');
    expect(page.text).toContain('publish:goal:blog');
    expect(page.text).toContain('action="/grants/revoke"');
    const denied = await postForm(server.url, '/grants/revoke', { grant: grant?.id ?? '', csrf: csrfFrom(page.text), return_to: `/gates/${covered}` }, { cookie: viewer });
    expect(denied.status).toBe(403);
    expect(listGrants(app.deps.store, 'demo')).toHaveLength(1);
    const owner = await signIn('ana');
    const ownPage = await getPage(server.url, `/gates/${covered}`, owner);
    const revoked = await postForm(server.url, '/grants/revoke', { grant: grant?.id ?? '', csrf: csrfFrom(ownPage.text), return_to: `/gates/${covered}` }, { cookie: owner });
    expect(revoked.status).toBe(303);
    expect(listGrants(app.deps.store, 'demo')).toHaveLength(0);
    expect((await getPage(server.url, `/gates/${covered}`, owner)).text).toContain('revoked by ana');
  });

  it('lists a global grant made on another goal on the gate page of a goal it reaches', async () => {
    unwrap(addGoal(app.deps, operator, { id: 'ops', title: 'Ops', objective: 'Keep prod up', owners: ['ana'], timezone: 'UTC' }));
    const wide = unwrap(askGate(app.deps, operator, 'demo', { question: 'Any prod change?', blocks: { global: true }, decisionScope: 'production:global:*' })).gate;
    unwrap(decideGate(app.deps, asPerson('bo'), wide.id, { choice: 'approve', revision: 1, via: 'cli' }));
    const owner = unwrap(askGate(app.deps, operator, 'demo', { question: 'Any prod change, owner?', blocks: { global: true }, decisionScope: 'production:global:db' })).gate;
    unwrap(decideGate(app.deps, asPerson('ana'), owner.id, { choice: 'approve', revision: 1, via: 'cli' }));
    const opsGate = unwrap(askGate(app.deps, operator, 'ops', { question: 'Deploy?', blocks: { global: true } })).gate;
    const page = await getPage(server.url, `/gates/${opsGate.id}`);
    expect(page.text).toContain('production:global:db');
    expect(page.text).not.toContain('production:goal:*');
    expect(page.text).not.toContain('publish:goal:blog');
  });

  it('refuses a revoke without a session', async () => {
    const grant = listGrants(app.deps.store, 'demo')[0];
    expect((await postForm(server.url, '/grants/revoke', { grant: grant?.id ?? '', csrf: 'x' })).status).toBe(401);
    expect(listGrants(app.deps.store, 'demo')).toHaveLength(1);
  });
});
