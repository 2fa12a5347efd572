import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askGate } from '../../../src/app/gates.js';
import { addMember } from '../../../src/app/goals.js';
import { addPerson } from '../../../src/app/people.js';
import { addTodo } from '../../../src/app/todos.js';
import { issueLoginLink } from '../../../src/app/web-sessions.js';
import { gateApp } from '../../app/gate-fixture.js';
import { asAgent, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { cookiePair, getPage, postForm, startWebServer, type WebTestServer } from '../../helpers/web.js';

// Issue 15 #4: the web board's "Needs you" is the viewer's own; gates waiting on others are shown without buttons.

let app: TestApp;
let server: WebTestServer;
let forLi: string;
let forAna: string;

beforeEach(async () => {
  app = await gateApp();
  unwrap(addPerson(app.deps, operator, { id: 'li', name: 'Li' }));
  unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
  forLi = unwrap(askGate(app.deps, asAgent('a1'), 'demo', { question: 'May I publish the post?', blocks: { agent: 'a1' }, approvers: ['li'] })).gate.id;
  forAna = unwrap(askGate(app.deps, asAgent('a2'), 'demo', { question: 'May I email the list?', blocks: { agent: 'a2' }, approvers: ['ana'] })).gate.id;
  unwrap(addTodo(app.deps, operator, 'demo', { text: 'Sign the contract', taskClass: 'user_action' }));
  server = await startWebServer(app.deps);
});
afterEach(() => server.close());

async function boardAs(personId: string, path = '/'): Promise<string> {
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  const cookie = cookiePair((await postForm(server.url, '/login', { token: link.token })).headers.get('set-cookie'));
  return (await getPage(server.url, path, cookie)).text;
}

function section(page: string, id: string): string {
  const start = page.indexOf(`id="${id}"`);
  return start < 0 ? '' : page.slice(start, page.indexOf('</section>', start));
}

const hasButtonFor = (html: string, gateId: string) => new RegExp(`name="action" value="[^"]*${gateId}`).test(html);

describe('a "Needs you" that is mine', () => {
  it('Ana sees her gate and her to-do with buttons, and Li’s gate as "waiting on Li" without any button', async () => {
    const page = await boardAs('ana');
    const mine = section(page, 'needs-you');
    expect(mine).toContain('May I email the list?');
    expect(mine).toContain('Sign the contract');
    expect(mine).not.toContain('May I publish the post?');
    expect(mine).toContain('<span class="count">2</span>');
    const others = section(page, 'waiting-on-others');
    expect(others).toContain('May I publish the post?');
    expect(others).toContain('Waiting on:</strong> Li');
    expect(hasButtonFor(mine, forAna)).toBe(true);
    expect(hasButtonFor(page, forLi)).toBe(false);
  });

  it('Li sees only Li’s gate with buttons (and the goal’s to-do, an approver’s too); Ana’s gate waits on others', async () => {
    const page = await boardAs('li');
    const mine = section(page, 'needs-you');
    expect(mine).toContain('May I publish the post?');
    expect(mine).not.toContain('May I email the list?');
    expect(mine).toContain('Sign the contract');
    expect(hasButtonFor(mine, forLi)).toBe(true);
    expect(hasButtonFor(page, forAna)).toBe(false);
    expect(section(page, 'waiting-on-others')).toContain('May I email the list?');
  });

  it('a viewer with no authority has nothing under Needs you', async () => {
    const page = await boardAs('cy');
    expect(section(page, 'needs-you')).toContain('Nothing needs you right now.');
    expect(hasButtonFor(page, forAna) || hasButtonFor(page, forLi)).toBe(false);
  });

  it('the digest preview’s first section is the viewer’s own: Li’s gate with buttons, the others counted as waiting on someone else', async () => {
    const page = await boardAs('li', '/digest');
    expect(page).toContain('May I publish the post?');
    expect(hasButtonFor(page, forLi)).toBe(true);
    expect(hasButtonFor(page, forAna)).toBe(false);
    expect(page).not.toContain('May I email the list?');
    expect(page).toContain('1 more gate waits on others (Ana)');
  });
});
