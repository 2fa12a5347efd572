import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/app/demo.js';
import { addEvidence } from '../../src/app/evidence.js';
import { decideGate } from '../../src/app/gate-decisions.js';
import { askGate } from '../../src/app/gates.js';
import { claimTodo } from '../../src/app/leases.js';
import { goalCharts } from '../../src/app/queries/charts.js';
import { addTodo, completeTodo } from '../../src/app/todos.js';
import { chromiumPath, CHROMIUM_ARGS } from '../helpers/browser.js';
import { asAgent, createTestApp, operator, unwrap, type TestApp } from '../helpers/test-app.js';
import { startWebServer, type WebTestServer } from '../helpers/web.js';
import { saveScreenshot } from '../helpers/screenshots.js';

// The goal page's charts in a real Chromium, on a desktop and a 390×844 phone. The screenshots go to
// test-artifacts/ on every run, and to docs/img/ (linked from docs/web-board.md) when missing or when asked with
// LOOPX_UPDATE_SCREENSHOTS=1, like updating snapshots: anti-aliasing differs by a few pixels between runs, and a
// test run should not leave the tree changed.
const DOC_IMAGES = join(process.cwd(), 'docs', 'img');
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const DAY = 86_400_000;
const NOW = '2026-12-03T12:00:00.000Z';

let app: TestApp;
let server: WebTestServer;
let context: BrowserContext;
let profile: string;

/** Ten days of work on the demo goal: todos arrive, agents finish some, report evidence, a gate waits and is decided. */
function seedHistory(test: TestApp): void {
  const { deps, clock } = test;
  unwrap(seedDemo(deps, operator));
  for (let day = 0; day < 10; day += 1) {
    const added = [0, 1, 2].slice(0, 1 + (day % 3)).map((i) => unwrap(addTodo(deps, operator, 'demo', { text: `Section ${day}.${i} of the launch post` })).todo.id);
    for (let i = 0; i < 1 + ((day * 7) % 5); i += 1) {
      unwrap(addEvidence(deps, asAgent('writer'), { goalId: 'demo', kind: 'note', summary: `Day ${day} note ${i}` }));
      clock.advance(60_000); // one a minute: the timeline's order (and the screenshot) is the same every run
    }
    const first = added[0]!;
    const lease = unwrap(claimTodo(deps, asAgent('reviewer'), first));
    if (day % 2 === 0) unwrap(completeTodo(deps, asAgent('reviewer'), first, { leaseVersion: lease.leaseVersion, successors: [], noFollowup: 'written' }));
    if (day === 3) {
      const gate = unwrap(askGate(deps, asAgent('writer'), 'demo', { question: 'May I quote the customer?', blocks: { agent: 'writer' } })).gate;
      clock.advance(9 * 3_600_000);
      unwrap(decideGate(deps, { actor: { kind: 'person', id: 'ana' } }, gate.id, { choice: 'approve', revision: 1, via: 'web' }));
    }
    clock.advance(DAY);
  }
}

/** Saves the viewport (see saveScreenshot). */
function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(name, (path) => page.screenshot({ path }));
}

beforeAll(async () => {
  // A fixed calendar, so the saved screenshots change only when the drawing does.
  app = await createTestApp({ start: '2026-11-23T00:00:00.000Z' });
  seedHistory(app);
  app.clock.set(NOW);
  server = await startWebServer(app.deps);
  profile = mkdtempSync(join(tmpdir(), 'loopx-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
  mkdirSync(DOC_IMAGES, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('goal charts in a real browser', () => {
  it('shows the charts on a desktop and on a 390 px phone without sideways scrolling, and saves both screenshots', async () => {
    const charts = goalCharts(app.deps.store, { id: 'demo', timezone: 'Asia/Shanghai' }, app.clock.now());
    const page = await context.newPage();
    await page.goto(`${server.url}/goals/demo`);
    const flow = page.getByRole('img', { name: /Todos per lane at the end of each day/ });
    await expect.poll(() => flow.count()).toBe(1);
    const today = charts.flow.at(-1)!;
    expect(await flow.getAttribute('aria-labelledby')).toBe('flow-title');
    expect(await page.locator('#flow-title').textContent()).toContain(`today: Todo ${today.todo}, In progress ${today.in_progress}, Blocked ${today.blocked}, Done ${today.done}.`);
    expect(await page.getByRole('img', { name: /Evidence reported per day/ }).count()).toBe(1);
    await page.goto(`${server.url}/goals/demo#charts`);
    await screenshot(page, 'goal-charts-desktop.png');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/goals/demo`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.locator('#chart-flow svg').boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.goto(`${server.url}/goals/demo#charts`);
    await screenshot(page, 'goal-charts-phone.png');
    for (const name of ['goal-charts-desktop.png', 'goal-charts-phone.png']) {
      expect(statSync(join(ARTIFACTS, name)).size).toBeGreaterThan(5_000);
      expect(statSync(join(DOC_IMAGES, name)).size).toBeGreaterThan(5_000);
    }
  }, 60_000);
});
