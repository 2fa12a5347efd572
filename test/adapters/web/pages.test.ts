import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/app/demo.js';
import { listGates } from '../../../src/app/queries/gates.js';
import { addTodo } from '../../../src/app/todos.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { createTestApp, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

let app: TestApp;
let server: WebTestServer;
let gateId: string;

beforeAll(async () => {
  app = await createTestApp();
  unwrap(seedDemo(app.deps, operator));
  unwrap(addTodo(app.deps, operator, 'demo', { text: 'Check <script>alert(1)</script> escaping' }));
  gateId = listGates(app.deps.store, 'demo')[0]?.id ?? '';
  server = await startWebServer(app.deps);
});
afterAll(() => server.close());

describe('board pages', () => {
  it('puts pending gates and open user actions under Needs you, with the board card of every goal', async () => {
    const page = (await getPage(server.url, '/')).text;
    expect(page).toMatch(/<h2 id="needs-you">Needs you <span class="count">2<\/span><\/h2>/);
    expect(page).toContain('Pick the launch date');
    expect(page).toContain('data-key="gate:' + gateId + '"');
    expect(page).toContain('data-key="goal:demo"');
    expect(page).toContain(`href="/gates/${gateId}"`);
    expect(page).toMatch(/class="btn btn-primary" disabled>Approve</);
  });

  it('enables the buttons for a signed-in person', async () => {
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', { loginLinkMinutes: 15, sessionHours: 12 }));
    const cookie = cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
    const page = (await getPage(server.url, '/', cookie)).text;
    expect(page).toMatch(/class="btn btn-primary">Approve</);
    expect(page).not.toContain(' disabled>');
  });

  it('shows a goal: gates, every lane with claims and leases, quota, evidence with links, escaped text', async () => {
    const page = (await getPage(server.url, '/goals/demo')).text;
    for (const lane of ['Todo', 'Claimed', 'Running', 'Review', 'Blocked', 'User Gate', 'Done']) expect(page).toContain(`<h3>${lane} <span class="count">`);
    expect(page).toMatch(/claimed by writer · lease until \d+ \w+, \d\d:\d\d \(v1\)/);
    expect(page).toContain('May I publish the launch post on the company blog?');
    expect(page).toMatch(/<h2>Quota<\/h2><p><span class="badge tone-good">eligible<\/span> 0 of \d+ slots used in the last 24 h/);
    expect(page).toContain('<a href="https://example.com/drafts/launch-post">link</a>');
    expect(page).toContain('Check &lt;script&gt;alert(1)&lt;/script&gt; escaping');
    expect(page).not.toContain('<script>alert');
  });

  it('shows a gate with its history, and 404s for unknown goals and gates', async () => {
    const page = (await getPage(server.url, `/gates/${gateId}`)).text;
    expect(page).toMatch(/<p class="sentence">writer asked “/);
    expect((await getPage(server.url, '/gates/gate_nope')).status).toBe(404);
    expect((await getPage(server.url, '/goals/nope')).status).toBe(404);
  });

  it('previews the digest of every goal, or of one, without recording anything', async () => {
    const events = app.deps.store.sqlite.prepare('select count(*) as n from events').get() as { n: number };
    const page = (await getPage(server.url, '/digest?goal=demo')).text;
    expect(page).toContain('data-key="digest:demo');
    expect(page).toContain('May I publish the launch post on the company blog?');
    expect(page).toContain('<option value="demo" selected>');
    expect((await getPage(server.url, '/digest')).text).toContain('data-key="digest:demo');
    expect(app.deps.store.sqlite.prepare('select count(*) as n from events').get()).toEqual(events);
  });

  it('filters the audit trail by goal', async () => {
    const all = (await getPage(server.url, '/audit')).text;
    const demo = (await getPage(server.url, '/audit?goal=demo')).text;
    expect(all).toContain('data-type="person.added"');
    expect(demo).not.toContain('data-type="person.added"');
    expect(demo).toContain('data-type="gate.asked"');
    expect(demo).toContain('<option value="demo" selected>');
  });
});
