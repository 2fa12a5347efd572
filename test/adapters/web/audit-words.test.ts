import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideGate } from '../../../src/app/gate-decisions.js';
import { askGate } from '../../../src/app/gates.js';
import { gateApp, asPerson } from '../../app/gate-fixture.js';
import { asAgent, unwrap, type TestApp } from '../../helpers/test-app.js';
import { getPage, startWebServer, type WebTestServer } from '../../helpers/web.js';

// Issue 15 #6: the audit page reads as sentences, with the raw JSON behind a disclosure.

let app: TestApp;
let server: WebTestServer;
let gateId: string;

beforeEach(async () => {
  app = await gateApp();
  gateId = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { agent: 'a1' } })).gate.id;
  unwrap(decideGate(app.deps, asPerson('ana'), gateId, { choice: 'approve', revision: 1, via: 'web' }));
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

describe('the audit page in words', () => {
  it('says who did what to which question, with the raw row behind a disclosure', async () => {
    const page = (await getPage(server.url, '/audit')).text;
    expect(page).toContain('a1 asked “May I publish the post?”');
    expect(page).toContain('Ana approved “May I publish the post?” (via web)');
    expect(page).toContain('Ana added the todo “Publish the post”'.replace('Ana', 'cli'));
    expect(page).toMatch(/<details[^>]*><summary>[^<]*<\/summary>[^]*?&quot;gate_id&quot;: &quot;gate_/);
    expect(page).not.toContain('<table');
  });

  it('the gate page is titled by its question and its history is in words', async () => {
    const page = (await getPage(server.url, `/gates/${gateId}`)).text;
    expect(page).toContain('<h1>May I publish the post?</h1>');
    expect(page).toContain('Ana approved “May I publish the post?” (via web)');
  });
});
