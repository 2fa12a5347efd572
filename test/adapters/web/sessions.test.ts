import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { findGate } from '../../../src/app/queries/gates.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { listEvents } from '../../../src/store/events.js';
import { gateApp } from '../../app/gate-fixture.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, csrfFrom, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

const POLICY = { loginLinkMinutes: 15, sessionHours: 12 };

let app: TestApp;
let server: WebTestServer;
let gateId: string;

beforeEach(async () => {
  app = await gateApp();
  gateId = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish?', blocks: { agent: 'a1' } })).gate.id;
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function signIn(personId = 'ana'): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, POLICY));
  const response = await postForm(server.url, '/login', { token: link.token });
  expect(response.status).toBe(303);
  return cookiePair(response.headers.get('set-cookie'));
}

function approve(rev = 1): string {
  return encodeCardAction({ v: 1, gate: gateId, rev, choice: 'approve' });
}

describe('web board: read-only default', () => {
  it('serves the board to anyone on loopback, read-only, under a strict CSP', async () => {
    const page = await getPage(server.url, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Read-only');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('refuses a decision without a session and changes nothing', async () => {
    const response = await postForm(server.url, '/decide', { action: approve(), csrf: 'x', return_to: '/' });
    expect(response.status).toBe(401);
    expect(findGate(app.deps.store, gateId)?.state).toBe('pending');
  });

  it('leaves /healthz and the agent API to their own mounts', async () => {
    expect((await getPage(server.url, '/healthz')).text).toContain('"ok":true');
    expect((await getPage(server.url, '/v1/todos/x/claim')).status).toBe(405);
    expect((await getPage(server.url, '/nowhere')).status).toBe(404);
  });
});

describe('web board: login links and sessions', () => {
  it('shows a sign-in button for a link without redeeming it on GET', async () => {
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', POLICY));
    const page = await getPage(server.url, `/login?token=${link.token}`);
    expect(page.text).toContain('<form method="post" action="/login">');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect((await postForm(server.url, '/login', { token: link.token })).status).toBe(303);
  });

  it('sets an http-only, same-site session cookie and stores only hashes', async () => {
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', POLICY));
    const response = await postForm(server.url, '/login', { token: link.token });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^loopx_session=lpxs_[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const raw = cookiePair(setCookie).split('=')[1] ?? '';
    const stored = JSON.stringify(app.deps.store.sqlite.prepare('select * from web_sessions, web_login_tokens').all());
    expect(stored).not.toContain(raw);
    expect(stored).not.toContain(link.token);
    const page = await getPage(server.url, '/', cookiePair(setCookie));
    expect(page.text).toContain('Signed in as <strong>Ana</strong>');
  });

  it('uses a link once', async () => {
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', POLICY));
    expect((await postForm(server.url, '/login', { token: link.token })).status).toBe(303);
    const again = await postForm(server.url, '/login', { token: link.token });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('already used or expired');
  });

  it('refuses an expired link and an unknown one', async () => {
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', POLICY));
    app.clock.advance(16 * 60_000);
    expect((await postForm(server.url, '/login', { token: link.token })).status).toBe(401);
    expect((await postForm(server.url, '/login', { token: 'lpxl_forged' })).status).toBe(401);
  });

  it('ends a session when it expires and on sign-out', async () => {
    const cookie = await signIn();
    app.clock.advance(11 * 3_600_000);
    const page = await getPage(server.url, '/', cookie);
    expect(page.text).toContain('Signed in as');
    const out = await postForm(server.url, '/logout', { csrf: csrfFrom(page.text) }, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await getPage(server.url, '/', cookie)).text).toContain('Read-only');
    const later = await signIn();
    app.clock.advance(12 * 3_600_000 + 1);
    expect((await getPage(server.url, '/', later)).text).toContain('Read-only');
  });
});

describe('web board: decisions and CSRF', () => {
  it('records a decision from a signed-in approver, via web, in the ledger', async () => {
    const cookie = await signIn();
    const csrf = csrfFrom((await getPage(server.url, '/', cookie)).text);
    const response = await postForm(server.url, '/decide', { action: approve(), csrf, return_to: '/goals/demo' }, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/goals/demo');
    const gate = findGate(app.deps.store, gateId);
    expect(gate?.state).toBe('approved');
    expect(gate?.decision).toMatchObject({ by: 'ana', via: 'web' });
    expect(listEvents(app.deps.store).some((e) => e.type === 'gate.decided' && e.actor === 'person:ana')).toBe(true);
  });

  it('shows one button per option on the gate page and records the option pressed', async () => {
    const picked = unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'Which title?', blocks: { agent: 'a2' }, options: ['Alpha', 'Beta'] })).gate;
    const cookie = await signIn();
    const page = (await getPage(server.url, `/gates/${picked.id}`, cookie)).text;
    expect(page).toContain('>Alpha</button>');
    expect(page).toContain('>Beta</button>');
    const action = encodeCardAction({ v: 1, gate: picked.id, rev: 1, choice: 'approve', opt: 1 });
    const response = await postForm(server.url, '/decide', { action, csrf: csrfFrom(page), return_to: `/gates/${picked.id}` }, { cookie });
    expect(response.status).toBe(303);
    expect(findGate(app.deps.store, picked.id)?.decision).toMatchObject({ by: 'ana', via: 'web', option: 'Beta' });
  });

  it('refuses a post without the CSRF token, with a wrong one, or from another site', async () => {
    const cookie = await signIn();
    const csrf = csrfFrom((await getPage(server.url, '/', cookie)).text);
    const attempts = [
      await postForm(server.url, '/decide', { action: approve() }, { cookie }),
      await postForm(server.url, '/decide', { action: approve(), csrf: `${csrf}x` }, { cookie }),
      await postForm(server.url, '/decide', { action: approve(), csrf }, { cookie, headers: { origin: 'https://evil.example' } }),
      await postForm(server.url, '/decide', { action: approve(), csrf }, { cookie, headers: { 'sec-fetch-site': 'cross-site' } }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(findGate(app.deps.store, gateId)?.state).toBe('pending');
  });

  it('explains a refusal from the kernel (stale revision, not an approver) and audits it', async () => {
    const cookie = await signIn();
    const csrf = csrfFrom((await getPage(server.url, '/', cookie)).text);
    const stale = await postForm(server.url, '/decide', { action: approve(2), csrf }, { cookie });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('This request changed');
    const viewer = await signIn('cy');
    const viewerCsrf = csrfFrom((await getPage(server.url, '/', viewer)).text);
    const denied = await postForm(server.url, '/decide', { action: approve(), csrf: viewerCsrf }, { cookie: viewer });
    expect(denied.status).toBe(403);
    expect(findGate(app.deps.store, gateId)?.state).toBe('pending');
    expect(listEvents(app.deps.store).filter((e) => e.type === 'gate.decision_refused')).toHaveLength(2);
  });

  it('never redirects off-site after a decision', async () => {
    const cookie = await signIn();
    const csrf = csrfFrom((await getPage(server.url, '/', cookie)).text);
    const response = await postForm(server.url, '/decide', { action: approve(), csrf, return_to: '//evil.example/x' }, { cookie });
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('web board: a host other than loopback', () => {
  it('requires a session for every page except sign-in and assets', async () => {
    const open = await startWebServer(app.deps, { LOOPX_HOST: '0.0.0.0' });
    try {
      for (const path of ['/', '/goals/demo', '/audit']) expect((await getPage(open.url, path)).status).toBe(401);
      expect((await fetch(`${open.url}/live`)).status).toBe(401);
      expect((await getPage(open.url, '/login?token=x')).status).toBe(200);
      expect((await getPage(open.url, '/assets/board.css')).status).toBe(200);
      const link = unwrap(issueLoginLink(app.deps, operator, 'ana', POLICY));
      const cookie = cookiePair((await postForm(open.url, '/login', { token: link.token })).headers.get('set-cookie'));
      expect((await getPage(open.url, '/goals/demo', cookie)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
