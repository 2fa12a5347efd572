import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEvidence } from '../../src/app/evidence.js';
import { addMember } from '../../src/app/goals.js';
import { askGate } from '../../src/app/gates.js';
import { addPerson } from '../../src/app/people.js';
import { findGate } from '../../src/app/queries/gates.js';
import { issueLoginLink } from '../../src/app/web-sessions.js';
import { launchChromium } from '../helpers/browser.js';
import { asAgent, createTestApp, operator, seedGoal, unwrap, type TestApp } from '../helpers/test-app.js';
import { saveScreenshot } from '../helpers/screenshots.js';
import { startWebServer, type WebTestServer } from '../helpers/web.js';

// Issue 15 in a real browser: Ana and Li each see only what they may decide, decisions are clear (confirm step,
// inline reason check), and every page works on a 390 px phone. Screenshots go to docs/img for docs/operators.md.

let app: TestApp;
let server: WebTestServer;
let browser: Browser;
let forLi: string;
let forAna: string;

beforeAll(async () => {
  app = await createTestApp({ start: '2026-03-09T06:02:00.000Z' });
  seedGoal(app.deps, { agents: ['writer', 'mailer'] });
  unwrap(addPerson(app.deps, operator, { id: 'li', name: 'Li', timezone: 'Europe/Berlin' }));
  unwrap(addMember(app.deps, operator, 'demo', 'li', 'approver'));
  forLi = unwrap(askGate(app.deps, asAgent('writer'), 'demo', { question: 'May I publish the launch post on the company blog?', context: 'Two editors reviewed the draft.', blocks: { agent: 'writer' }, approvers: ['li'] })).gate.id;
  unwrap(addEvidence(app.deps, asAgent('writer'), { goalId: 'demo', gateId: forLi, kind: 'doc', summary: 'Final draft, reviewed by two editors', url: 'https://docs.example.com/launch-post' }));
  forAna = unwrap(askGate(app.deps, asAgent('mailer'), 'demo', { question: 'May I email the 4,000 beta users?', blocks: { agent: 'mailer' }, approvers: ['ana'], risk: 'high' })).gate.id;
  server = await startWebServer(app.deps);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(personId: string, viewport = { width: 1100, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const link = unwrap(issueLoginLink(app.deps, operator, personId, { loginLinkMinutes: 15, sessionHours: 12 }));
  await page.goto(`${server.url}/login?token=${link.token}`);
  await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Sign in' }).click()]);
  return page;
}

const card = (page: Page, gateId: string) => page.locator(`article[data-key="gate:${gateId}"]`);

describe('a "Needs you" that is mine, in a real browser', () => {
  it('Ana and Li each see only what they may decide, with buttons; the other gate waits on someone else, without buttons', async () => {
    const ana = await signedIn('ana');
    const mine = ana.locator('section[aria-labelledby="needs-you"]');
    await expect.poll(() => mine.locator(`article[data-key="gate:${forAna}"]`).count()).toBe(1);
    expect(await mine.locator(`article[data-key="gate:${forLi}"]`).count()).toBe(0);
    const others = ana.locator('section[aria-labelledby="waiting-on-others"]');
    expect(await others.locator(`article[data-key="gate:${forLi}"]`).textContent()).toContain('Waiting on: Li');
    expect(await others.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await saveScreenshot('needs-you-ana.png', (path) => ana.screenshot({ path, fullPage: true }));

    const li = await signedIn('li');
    const liMine = li.locator('section[aria-labelledby="needs-you"]');
    expect(await liMine.locator(`article[data-key="gate:${forLi}"]`).getByRole('button', { name: 'Approve' }).count()).toBe(1);
    expect(await liMine.locator(`article[data-key="gate:${forAna}"]`).count()).toBe(0);
    expect(await card(li, forLi).textContent()).toContain('Final draft, reviewed by two editors');
    await saveScreenshot('needs-you-li.png', (path) => li.screenshot({ path, fullPage: true }));
    await li.context().close();
    await ana.context().close();
  }, 60_000);

  it('clear decisions: Reject without a reason is caught on the card; a high-risk approval is confirmed first; the outcome says who and when in the viewer’s timezone', async () => {
    const li = await signedIn('li');
    await Promise.all([li.waitForLoadState(), card(li, forLi).getByRole('button', { name: 'Reject' }).click()]);
    await expect.poll(() => card(li, forLi).getByRole('alert').textContent()).toContain('Rejecting needs a reason');
    // The page says where it is: the address bar shows the board again, so a reload or a live refresh reads it.
    await expect.poll(() => li.url()).toBe(`${server.url}/`);
    await saveScreenshot('reject-needs-reason.png', (path) => card(li, forLi).screenshot({ path }));
    await Promise.all([li.waitForURL(`${server.url}/`), card(li, forLi).getByRole('button', { name: 'Approve' }).click()]);
    await li.goto(`${server.url}/gates/${forLi}`);
    expect(await li.locator('main').textContent()).toContain('Approved by Li · 07:02 (Europe/Berlin) · via Web');
    await li.context().close();

    const ana = await signedIn('ana');
    await card(ana, forAna).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => card(ana, forAna).getByRole('alert').textContent()).toContain('High risk: approve “May I email the 4,000 beta users?”');
    expect(findGate(app.deps.store, forAna)?.state).toBe('pending');
    await saveScreenshot('confirm-high-risk.png', (path) => card(ana, forAna).screenshot({ path }));
    await Promise.all([ana.waitForURL(`${server.url}/`), card(ana, forAna).getByRole('button', { name: 'Yes, approve' }).click()]);
    expect(findGate(app.deps.store, forAna)?.state).toBe('approved');
    await ana.context().close();
  }, 60_000);

  it('board, goal, gate and audit pages fit a 390×844 phone without sideways scrolling', async () => {
    const phone = await signedIn('ana', { width: 390, height: 844 });
    for (const [path, shot] of [['/', 'phone-board.png'], ['/goals/demo', 'phone-goal.png'], [`/gates/${forLi}`, 'phone-gate.png'], ['/audit', 'phone-audit.png']] as const) {
      await phone.goto(`${server.url}${path}`);
      const widths = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.view);
      await saveScreenshot(shot, (file) => phone.screenshot({ path: file, fullPage: path !== '/audit' }));
    }
    await phone.context().close();
  }, 60_000);
});
