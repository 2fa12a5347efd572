import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/app/demo.js';
import { listGates } from '../../src/app/queries/gates.js';
import { issueLoginLink } from '../../src/app/web-sessions.js';
import { listEvents } from '../../src/store/events.js';
import { chromiumPath, CHROMIUM_ARGS } from '../helpers/browser.js';
import { createTestApp, operator, unwrap, type TestApp } from '../helpers/test-app.js';
import { startWebServer, type WebTestServer } from '../helpers/web.js';

// A real browser on the real board: Debian's Chromium driven by playwright-core. Chromium missing is a
// failure, not a skip (`npm test` installs it first: test/setup/ensure-chromium.mjs).
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let app: TestApp;
let server: WebTestServer;
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  app = await createTestApp({ start: new Date().toISOString() });
  unwrap(seedDemo(app.deps, operator));
  server = await startWebServer(app.deps);
  profile = mkdtempSync(join(tmpdir(), 'loopx-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the web board in a real browser', () => {
  it('signs in with a login link, approves the demo gate, and every open page follows', async () => {
    const watcher = await context.newPage();
    await watcher.goto(`${server.url}/`);
    // The writer's question and the demo's to-do for a person ("Pick the launch date").
    await expect.poll(() => watcher.locator('#needs-you .count').textContent()).toBe('2');
    expect(await watcher.locator('header.top').textContent()).toContain('Read-only');

    const page = await context.newPage();
    const link = unwrap(issueLoginLink(app.deps, operator, 'ana', { loginLinkMinutes: 15, sessionHours: 12 }));
    await page.goto(`${server.url}/login?token=${link.token}`);
    // Keyboard only: focus the button and press Enter.
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/`);
    expect(await page.locator('header.top').textContent()).toContain('Signed in as Ana');

    await page.screenshot({ path: join(ARTIFACTS, 'web-board-signed-in.png'), fullPage: true });
    const needsYou = page.locator('section[aria-labelledby="needs-you"]');
    await Promise.all([page.waitForNavigation(), needsYou.getByRole('button', { name: 'Approve' }).first().click()]);
    expect(page.url(), await page.locator('main').textContent() ?? '').toBe(`${server.url}/`);
    await expect.poll(() => page.locator('#needs-you .count').textContent()).toBe('1');
    // The read-only tab was never reloaded: the server-sent event made it refresh itself.
    await expect.poll(() => watcher.locator('#needs-you .count').textContent()).toBe('1');
    await Promise.all([page.waitForNavigation(), needsYou.getByRole('button', { name: 'Done' }).first().click()]);
    await expect.poll(() => page.locator('#needs-you .count').textContent()).toBe('0');
    await expect.poll(() => watcher.locator('#needs-you .count').textContent()).toBe('0');

    await page.goto(`${server.url}/goals/demo`);
    expect(await page.locator('main').textContent()).toMatch(/Approved by Ana.*via Web/);
    await page.screenshot({ path: join(ARTIFACTS, 'web-board-approved.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await page.screenshot({ path: join(ARTIFACTS, 'web-board-phone.png'), fullPage: true });

    expect(listGates(app.deps.store, 'demo').map((g) => g.state)).toEqual(['approved']);
    const decided = listEvents(app.deps.store).find((e) => e.type === 'gate.decided');
    expect(decided?.actor).toBe('person:ana');
    expect(JSON.parse(decided?.payload ?? '{}')).toMatchObject({ outcome: 'approved', via: 'web' });
  }, 60_000);
});
