import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/app/agents/standard-webhooks.js';
import { setWake } from '../../src/app/agents/wake.js';
import { startWakes, type WakeRunner } from '../../src/app/agents/wake-runner.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { amendGate, askGate, cancelGate } from '../../src/app/gates.js';
import { claimTodo, releaseByOperator } from '../../src/app/leases.js';
import { shouldRun } from '../../src/app/should-run.js';
import { addTodo } from '../../src/app/todos.js';
import { issueLoginLink } from '../../src/app/web-sessions.js';
import { encodeCardAction } from '../../src/contract/card-action.js';
import { listWakeEvents } from '../../src/store/wakes.js';
import { asPerson, gateApp } from '../app/gate-fixture.js';
import { call } from '../helpers/http.js';
import { asAgent, operator, unwrap } from '../helpers/test-app.js';
import { startWakeReceiver, type WakeReceiver } from '../helpers/wake-receiver.js';
import { cookiePair, csrfFrom, getPage, postForm, startWebServer, type WebTestServer } from '../helpers/web.js';

// Targeted wake (issue 17 #3): when a person decides, LoopX POSTs a Standard Webhooks-signed event to the agent
// that asked, from a durable queue, retried until it is delivered (at least once, one stable id).

let app: Awaited<ReturnType<typeof gateApp>>;
let receiver: WakeReceiver;
let runner: WakeRunner;

/** A scheduler that never fires: the tests run delivery passes by hand after stepping the clock. */
const byHand = { schedule: () => () => undefined };

beforeEach(async () => {
  app = await gateApp();
  receiver = await startWakeReceiver();
});
afterEach(async () => {
  runner?.stop();
  await receiver.close();
});

const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);
const body = (n: number) => JSON.parse(receiver.received[n]!.body);

function askAsA1(question = 'May I publish?'): string {
  return unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question, blocks: { todoIds: [app.todoA] } })).gate.id;
}

describe('wake over HTTP and the web board', () => {
  let web: WebTestServer;
  beforeEach(async () => {
    web = await startWebServer(app.deps);
    runner = startWakes(app.deps);
  });
  afterEach(() => web.close());

  it('an agent sets its wake URL; a decision on the web board reaches it signed, within a second', async () => {
    const set = await call(web.url, 'PUT', '/v1/agents/me/wake', { token: app.tokens.a1, body: { url: receiver.url } });
    expect(set.status).toBe(200);
    const secret: string = set.body.wake.secret;
    expect(secret).toMatch(/^whsec_/);
    const shown = await call(web.url, 'GET', '/v1/agents/me/wake', { token: app.tokens.a1 });
    expect(shown.body.wake).toMatchObject({ url: receiver.url, pending: 0 });
    expect(shown.body.wake.secret).toBeUndefined();
    const gateId = (await call(web.url, 'POST', '/v1/goals/demo/gates', { token: app.tokens.a1, body: { question: 'May I publish?', blocks: { todo_ids: [app.todoA] } } })).body.gate.id;

    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', { loginLinkMinutes: 15, sessionHours: 12 }));
    const cookie = cookiePair((await postForm(web.url, '/login', { token: link.token })).headers.get('set-cookie'));
    const csrf = csrfFrom((await getPage(web.url, '/', cookie)).text);
    const clicked = performance.now();
    const decided = await postForm(web.url, '/decide', { action: encodeCardAction({ v: 1, gate: gateId, rev: 1, choice: 'approve' }), csrf, return_to: '/' }, { cookie });
    expect(decided.status).toBe(303);

    const wake = await receiver.nth(1);
    expect(wake.atMs - clicked).toBeLessThan(1000);
    expect(verifyWebhook(secret, wake.headers, wake.body, nowSeconds())).toBe(true);
    expect(verifyWebhook('whsec_' + Buffer.alloc(24, 1).toString('base64'), wake.headers, wake.body, nowSeconds())).toBe(false);
    expect(verifyWebhook(secret, wake.headers, wake.body.replace('approved', 'rejected'), nowSeconds())).toBe(false);
    expect(body(0)).toMatchObject({ type: 'gate.decided', data: { goal_id: 'demo', gate_id: gateId, question: 'May I publish?', state: 'approved', decided_by: 'ana' } });
  });

  it('refuses an unusable URL naming the field, and an agent cannot read a wake it never set', async () => {
    const bad = await call(web.url, 'PUT', '/v1/agents/me/wake', { token: app.tokens.a1, body: { url: 'ftp://example.test/wake' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', details: { field: 'url' } });
    expect((await call(web.url, 'GET', '/v1/agents/me/wake', { token: app.tokens.a2 })).status).toBe(404);
    expect((await call(web.url, 'DELETE', '/v1/agents/me/wake', { token: app.tokens.a1 })).body).toEqual({ removed: false });
  });

  it('a test wake answers what the receiver said, and a dead receiver is a typed 502', async () => {
    await call(web.url, 'PUT', '/v1/agents/me/wake', { token: app.tokens.a1, body: { url: receiver.url } });
    const sent = await call(web.url, 'POST', '/v1/agents/me/wake/test', { token: app.tokens.a1, body: {} });
    expect(sent.body.test).toMatchObject({ delivered: true, status: 204 });
    expect(body(0)).toMatchObject({ type: 'wake.test', data: { agent_id: 'a1' } });
    receiver.down();
    const failed = await call(web.url, 'POST', '/v1/agents/me/wake/test', { token: app.tokens.a1, body: {} });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('wake_unreachable');
  });
});

describe('wake delivery', () => {
  beforeEach(() => {
    runner = startWakes(app.deps, { scheduler: byHand });
    unwrap(setWake(app.deps, asAgent('a1'), 'a1', receiver.url));
  });

  it('with the receiver down for five minutes, the event arrives once it is back: once, with the id it was first tried with', async () => {
    receiver.down();
    const gateId = askAsA1();
    unwrap(decideGate(app.deps, asPerson('ana'), gateId, { choice: 'approve', revision: 1, via: 'cli' }));
    await runner.idle();
    const [queued] = listWakeEvents(app.deps.store, 'a1');
    expect(queued).toMatchObject({ state: 'pending', attempts: 1, last_error: 'HTTP 503' });
    for (let minute = 0; minute < 5; minute += 1) {
      app.clock.advance(60_000);
      await runner.delivery.runDue();
    }
    expect(receiver.received).toHaveLength(0);
    receiver.up();
    app.clock.advance(60_000);
    await runner.delivery.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(queued!.id);
    app.clock.advance(3_600_000);
    await runner.delivery.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(listWakeEvents(app.deps.store, 'a1')[0]).toMatchObject({ state: 'delivered', attempts: 7 });
  });

  it('gives an event up after 24 hours of failures, and the next one goes out', async () => {
    receiver.down();
    unwrap(decideGate(app.deps, asPerson('ana'), askAsA1(), { choice: 'reject', revision: 1, via: 'cli', reason: 'not yet' }));
    await runner.idle();
    app.clock.advance(24 * 3_600_000 + 1);
    receiver.up();
    unwrap(decideGate(app.deps, asPerson('ana'), askAsA1('May I tweet?'), { choice: 'approve', revision: 1, via: 'cli' }));
    await runner.idle();
    await runner.delivery.runDue();
    expect(listWakeEvents(app.deps.store, 'a1').map((e) => e.state)).toEqual(['delivered', 'expired']);
    expect(body(0).data).toMatchObject({ question: 'May I tweet?', state: 'approved' });
  });

  it('tells the agent about an amend and a forced release by an operator, never about its own changes, in order', async () => {
    const gateId = askAsA1();
    unwrap(amendGate(app.deps, operator, gateId, { question: 'May I publish on Friday?' }));
    unwrap(cancelGate(app.deps, asAgent('a1'), gateId, {}));
    const lease = unwrap(claimTodo(app.deps, asAgent('a1'), app.todoB));
    expect(lease.changed).toBe(true);
    unwrap(releaseByOperator(app.deps, operator, app.todoB));
    await runner.idle();
    await runner.delivery.runDue();
    expect(receiver.received.map((_, i) => body(i).type)).toEqual(['gate.amended', 'todo.released']);
    expect(body(0).data).toMatchObject({ gate_id: gateId, question: 'May I publish on Friday?', revision: 2 });
    expect(body(1).data).toMatchObject({ todo_id: app.todoB, text: 'Draft the changelog' });
  });

  it('wakes an idle agent once when work appears for it', async () => {
    unwrap(claimTodo(app.deps, asAgent('a2'), app.todoA));
    unwrap(claimTodo(app.deps, asAgent('a2'), app.todoB));
    expect(unwrap(shouldRun(app.deps, asAgent('a1'), 'demo', 't-1')).work).toBe(false);
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Write the launch email' }));
    unwrap(addTodo(app.deps, operator, 'demo', { text: 'Fix the typo' }));
    await runner.idle();
    await runner.delivery.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(body(0)).toMatchObject({ type: 'work.available', data: { goal_id: 'demo', mode: 'deliver', selected_todo: { text: 'Write the launch email' } } });
  });
});

describe('the first wake URL', () => {
  it('starts at the present: a decision made before it was set is never sent', async () => {
    runner = startWakes(app.deps, { scheduler: byHand });
    unwrap(decideGate(app.deps, asPerson('ana'), askAsA1('Old question?'), { choice: 'approve', revision: 1, via: 'cli' }));
    unwrap(setWake(app.deps, asAgent('a1'), 'a1', receiver.url));
    unwrap(decideGate(app.deps, asPerson('ana'), askAsA1('New question?'), { choice: 'approve', revision: 1, via: 'cli' }));
    await runner.idle();
    await runner.delivery.runDue();
    expect(receiver.received.map((_, i) => body(i).data.question)).toEqual(['New question?']);
  });
});
