import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { addPerson } from '../../../src/app/people.js';
import { addMember } from '../../../src/app/goals.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { gateApp } from '../../app/gate-fixture.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, csrfFrom, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

let app: TestApp;
let server: WebTestServer;

beforeEach(async () => {
  app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'li', name: 'Li', timezone: 'Europe/Berlin' }));
  unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function signIn(personId: string): Promise<{ cookie: string; csrf: string }> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  const response = await postForm(server.url, '/login', { token: link.token });
  const cookie = cookiePair(response.headers.get('set-cookie'));
  return { cookie, csrf: csrfFrom((await getPage(server.url, '/', cookie)).text) };
}

const ask = (question: string, risk: 'normal' | 'high' = 'normal') => unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question, blocks: { agent: 'a1' }, risk })).gate;
const value = (gateId: string, choice: 'approve' | 'reject') => encodeCardAction({ v: 1, gate: gateId, rev: 1, choice });

describe('web board: clear decisions', () => {
  it('a decided card says who decided and when, in the viewer’s own timezone', async () => {
    const gate = ask('May I publish the post?');
    const li = await signIn('li');
    expect((await postForm(server.url, '/decide', { action: value(gate.id, 'approve'), csrf: li.csrf, return_to: `/gates/${gate.id}` }, { cookie: li.cookie })).status).toBe(303);
    const asLi = await getPage(server.url, `/gates/${gate.id}`, li.cookie);
    expect(asLi.text).toContain('Approved by Li · 10:00 (Europe/Berlin) · via Web');
    const ana = await signIn('ana');
    expect((await getPage(server.url, `/gates/${gate.id}`, ana.cookie)).text).toContain('Approved by Li · 17:00 (Asia/Shanghai) · via Web');
  });

  it('Reject without a reason is caught on the same card of the same page, and nothing is recorded', async () => {
    const gate = ask('May I publish the post?');
    const ana = await signIn('ana');
    const response = await postForm(server.url, '/decide', { action: value(gate.id, 'reject'), csrf: ana.csrf, return_to: '/', reason: ' ' }, { cookie: ana.cookie });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain('Needs you');
    const card = page.slice(page.indexOf(`data-key="gate:${gate.id}"`));
    expect(card.slice(0, card.indexOf('</article>'))).toMatch(/role="alert"[^>]*>Rejecting needs a reason/);
    expect(page).not.toContain('Back to where you were');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
  });

  it('a high-risk approval asks for confirmation on the card first; only the confirmed request decides', async () => {
    const gate = ask('May I delete the production database?', 'high');
    const ana = await signIn('ana');
    const first = await postForm(server.url, '/decide', { action: value(gate.id, 'approve'), csrf: ana.csrf, return_to: '/' }, { cookie: ana.cookie });
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain('High risk: approve “May I delete the production database?”');
    expect(page).toContain('name="confirmed" value="yes"');
    expect(findGate(app.deps.store, gate.id)?.state).toBe('pending');
    const confirmed = await postForm(server.url, '/decide', { action: value(gate.id, 'approve'), csrf: ana.csrf, return_to: '/', confirmed: 'yes' }, { cookie: ana.cookie });
    expect(confirmed.status).toBe(303);
    expect(findGate(app.deps.store, gate.id)?.state).toBe('approved');
  });

  it('a normal-risk approval needs no confirmation', async () => {
    const gate = ask('May I publish the post?');
    const ana = await signIn('ana');
    expect((await postForm(server.url, '/decide', { action: value(gate.id, 'approve'), csrf: ana.csrf, return_to: '/' }, { cookie: ana.cookie })).status).toBe(303);
    expect(findGate(app.deps.store, gate.id)?.state).toBe('approved');
  });
});
