import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../src/app/demo.js';
import { laneBar } from '../../../adapters/web/charts.js';
import { translator } from '../../../cards/i18n/index.js';
import { goalCharts } from '../../../src/app/queries/charts.js';
import { emptyLaneCounts } from '../../../src/kernel/lanes.js';
import { createTestApp, operator, unwrap, type TestApp } from '../../helpers/test-app.js';
import { getPage, startWebServer, type WebTestServer } from '../../helpers/web.js';

let app: TestApp;
let server: WebTestServer;

beforeAll(async () => {
  app = await createTestApp();
  unwrap(seedDemo(app.deps, operator));
  server = await startWebServer(app.deps);
});
afterAll(() => server.close());

/** The cells of the numbers table that follows `caption`, row by row. */
function tableRows(page: string, caption: string): string[][] {
  const table = page.slice(page.indexOf(`<caption>${caption}</caption>`));
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!));
}

describe('charts on the web board', () => {
  it('draws the goal page charts as accessible SVG whose numbers table matches the database', async () => {
    const page = (await getPage(server.url, '/goals/demo')).text;
    const charts = goalCharts(app.deps.store, { id: 'demo', timezone: 'Asia/Shanghai' }, app.clock.now());
    for (const id of ['chart-flow', 'chart-evidence', 'chart-quota', 'chart-gates']) expect(page).toContain(`<figure class="chart" id="${id}">`);
    expect(page.match(/<svg [^>]*role="img" aria-labelledby="[^"]+"><title id=/g)?.length).toBeGreaterThanOrEqual(5);

    const flow = tableRows(page, 'Todos per lane at the end of each day');
    expect(flow).toHaveLength(14);
    expect(flow.map((row) => row.map((cell, i) => (i === 0 ? cell : Number(cell))))).toEqual(charts.days.map((day, i) => [day, charts.flow[i]!.todo, charts.flow[i]!.in_progress, charts.flow[i]!.blocked, charts.flow[i]!.done]));
    const today = charts.flow.at(-1)!;
    expect(today.todo + today.in_progress + today.blocked + today.done).toBeGreaterThan(0);

    const evidence = tableRows(page, 'Evidence reported per day');
    expect(evidence.map(([day, n]) => [day, Number(n)])).toEqual(charts.days.map((day, i) => [day, charts.evidence[i]]));
    expect(charts.evidence.at(-1)).toBe(2);

    expect(page).toMatch(/<title id="quota">Quota: 0 of \d+ slots used in the last 24 h<\/title>/);
    expect(page).toContain('Longest open now');
    expect(page).toMatch(/\d+ minutes? \(1 open\)/);
  });

  it('draws no lane bar for a goal without todos', () => {
    expect(laneBar(translator('en'), 'empty', emptyLaneCounts()).value).toBe('');
  });

  it('gives every goal on the board a lane bar that names its counts', async () => {
    const page = (await getPage(server.url, '/')).text;
    expect(page).toMatch(/<svg class="lane-bar" viewBox="0 0 300 12" role="img" aria-labelledby="lanes-demo"><title id="lanes-demo">Lanes: Todo \d+, Claimed \d+, Running \d+, Review \d+, Blocked \d+, User Gate \d+, Done \d+<\/title>/);
  });
});
