import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTodo } from '../../../src/app/todos.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { encodeCardAction } from '../../../src/contract/card-action.js';
import { findTodo } from '../../../src/store/todos.js';
import { gateApp } from '../../app/gate-fixture.js';
import { operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, csrfFrom, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

// The web board's "Needs you" lists open user actions with a Done button (issue 12 #10).

let app: TestApp;
let server: WebTestServer;
let todoId: string;

beforeEach(async () => {
  app = await gateApp();
  todoId = unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' })).todo.id;
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function signIn(personId: string): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  return cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
}

const done = () => encodeCardAction({ v: 1, todo: todoId, choice: 'done' });

describe('user actions on the web board', () => {
  it('lists the user action under Needs you with a Done button, and an owner`s press marks it done', async () => {
    const cookie = await signIn('ana');
    const page = await getPage(server.url, '/', cookie);
    const needsYou = page.text.slice(page.text.indexOf('id="needs-you"'), page.text.indexOf('</section>', page.text.indexOf('id="needs-you"')));
    expect(needsYou).toContain('Sign the contract');
    expect(needsYou).toContain('<span class="count">1</span>');
    expect(needsYou).toContain('>Done</button>');
    const response = await postForm(server.url, '/decide', { action: done(), csrf: csrfFrom(page.text), return_to: '/' }, { cookie });
    expect(response.status).toBe(303);
    expect(findTodo(app.deps.store, todoId)).toMatchObject({ status: 'done', completedBy: 'person:ana' });
    expect((await getPage(server.url, '/', cookie)).text).toContain('<span class="count">0</span>');
  });

  it('a viewer`s press is refused with who may do it, and nothing changes', async () => {
    const cookie = await signIn('cy');
    const csrf = csrfFrom((await getPage(server.url, '/', cookie)).text);
    const response = await postForm(server.url, '/decide', { action: done(), csrf, return_to: '/' }, { cookie });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Only Ana, Bo can mark');
    expect(findTodo(app.deps.store, todoId)?.status).toBe('open');
  });
});
