// Server-side charts for the web board: inline SVG (no library, no script), each a <figure> whose SVG has a
// text alternative and whose numbers are also a table (in <details>, read by screen readers and on request).
import { elapsedIn, type Translator } from '../../cards/i18n/index.js';
import { FLOW_BANDS, type FlowBand, type GoalCharts } from '../../src/app/queries/charts.js';
import type { QuotaState } from '../../src/kernel/quota.js';
import { LANES, type Lane } from '../../src/kernel/lanes.js';
import { html, type Html } from './html.js';
import { quotaWords } from './pages/goal.js';

const W = 560;
const H = 200;
const PAD = { left: 34, right: 8, top: 18, bottom: 24 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

const shortDay = (day: string) => day.slice(5);
const round = (n: number) => Math.round(n * 10) / 10;
const duration = (tr: Translator, ms: number) => elapsedIn(tr, new Date(0).toISOString(), new Date(ms).toISOString());
const flowLabel = (tr: Translator, band: FlowBand) => (band === 'in_progress' ? tr.t('web.chart.inProgress') : tr.t(`board.lane.${band}`));

function numbersTable(tr: Translator, caption: string, head: readonly string[], rows: readonly (readonly (string | number)[])[]): Html {
  return html`<details class="chart-numbers"><summary>${tr.t('web.chart.numbers')}</summary><div class="table-wrap"><table><caption>${caption}</caption>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map(([first, ...rest]) => html`<tr><th scope="row">${first}</th>${rest.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody></table></div></details>`;
}

function axis(days: readonly string[], max: number): Html {
  const baseline = PAD.top + plotH;
  return html`<line class="axis" x1="${PAD.left}" y1="${baseline}" x2="${W - PAD.right}" y2="${baseline}"/>
<text class="tick" x="${PAD.left - 4}" y="${PAD.top + 10}" text-anchor="end">${max}</text><text class="tick" x="${PAD.left - 4}" y="${baseline}" text-anchor="end">0</text>
<text class="tick" x="${PAD.left}" y="${H - 6}">${shortDay(days[0] ?? '')}</text><text class="tick" x="${W - PAD.right}" y="${H - 6}" text-anchor="end">${shortDay(days.at(-1) ?? '')}</text>`;
}

function legend(entries: readonly { key: string; label: string; value?: number }[]): Html {
  return html`<ul class="legend">${entries.map((e) => html`<li><span class="swatch c-${e.key}" aria-hidden="true"></span>${e.label}${e.value === undefined ? '' : html` <strong>${e.value}</strong>`}</li>`)}</ul>`;
}

/** Cumulative flow: todos per band at the end of each day, stacked (Done at the bottom). */
export function flowChart(tr: Translator, charts: GoalCharts): Html {
  const { days, flow } = charts;
  const stackOrder = [...FLOW_BANDS].reverse();
  const max = Math.max(1, ...flow.map((d) => FLOW_BANDS.reduce((sum, b) => sum + d[b], 0)));
  const x = (i: number) => round(PAD.left + (days.length <= 1 ? 0 : (i * plotW) / (days.length - 1)));
  const y = (v: number) => round(PAD.top + plotH - (v * plotH) / max);
  const below = flow.map(() => 0);
  const areas = stackOrder.map((band) => {
    const lower = [...below];
    flow.forEach((d, i) => (below[i] = (below[i] ?? 0) + d[band]));
    const top = below.map((v, i) => `${x(i)},${y(v)}`);
    const bottom = lower.map((v, i) => `${x(i)},${y(v)}`).reverse();
    return html`<polygon class="c-${band}" points="${[...top, ...bottom].join(' ')}"/>`;
  });
  const today = flow.at(-1);
  const summary = today ? FLOW_BANDS.map((b) => tr.t('board.fallback.lane', { lane: flowLabel(tr, b), count: today[b] })).join(tr.t('web.list.comma')) : '';
  const alt = tr.t('web.chart.flow.alt', { from: days[0] ?? '', to: days.at(-1) ?? '', today: summary });
  return html`<figure class="chart" id="chart-flow"><figcaption>${tr.t('web.chart.flow', { days: days.length })}</figcaption>
<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="flow-title"><title id="flow-title">${alt}</title>${axis(days, max)}${areas}</svg>
${legend(FLOW_BANDS.map((b) => ({ key: b, label: flowLabel(tr, b), value: today?.[b] ?? 0 })))}
${numbersTable(tr, tr.t('web.chart.flow.table'), [tr.t('web.chart.day'), ...FLOW_BANDS.map((b) => flowLabel(tr, b))], days.map((day, i) => [day, ...FLOW_BANDS.map((b) => flow[i]?.[b] ?? 0)]))}</figure>`;
}

/** Evidence per day: one bar a day, its count above it. */
export function evidenceChart(tr: Translator, charts: GoalCharts): Html {
  const { days, evidence } = charts;
  const max = Math.max(1, ...evidence);
  const slot = plotW / Math.max(1, days.length);
  const bars = evidence.map((n, i) => {
    const h = round((n * plotH) / max);
    const left = round(PAD.left + i * slot + slot * 0.15);
    return html`<rect class="c-evidence" x="${left}" y="${round(PAD.top + plotH - h)}" width="${round(slot * 0.7)}" height="${h}"/>${n > 0 ? html`<text class="tick" x="${round(left + slot * 0.35)}" y="${round(PAD.top + plotH - h - 3)}" text-anchor="middle">${n}</text>` : ''}`;
  });
  const total = evidence.reduce((a, b) => a + b, 0);
  const alt = tr.t('web.chart.evidence.alt', { total, most: Math.max(0, ...evidence) });
  return html`<figure class="chart" id="chart-evidence"><figcaption>${tr.t('web.chart.evidence', { total, days: days.length })}</figcaption>
<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="evidence-title"><title id="evidence-title">${alt}</title>${axis(days, max)}${bars}</svg>
${numbersTable(tr, tr.t('web.chart.evidence.table'), [tr.t('web.chart.day'), tr.t('gate.evidence')], days.map((day, i) => [day, evidence[i] ?? 0]))}</figure>`;
}

/** A horizontal gauge: `value` of `of`, with its words beside it. */
function gauge(tr: Translator, id: string, label: string, value: number, of: number, words: string): Html {
  const width = of <= 0 ? 0 : round(Math.min(1, value / of) * 300);
  return html`<svg class="gauge" viewBox="0 0 300 18" role="img" aria-labelledby="${id}"><title id="${id}">${tr.t('web.chart.gauge', { label, words })}</title><rect class="gauge-track" width="300" height="18" rx="4"/><rect class="c-${id}" width="${width}" height="18" rx="4"/></svg>`;
}

/** Quota: slots spent of those allowed in the window. */
export function quotaGauge(tr: Translator, quota: QuotaState): Html {
  const words = quotaWords(tr, quota);
  const label = tr.t('web.goal.quota');
  return html`<figure class="chart" id="chart-quota"><figcaption>${label}</figcaption>${gauge(tr, 'quota', label, quota.spent, quota.allowed, words)}<p>${words}</p></figure>`;
}

/** Gate wait times: the median wait of gates decided in the window, and the longest still open. */
export function gateWaitChart(tr: Translator, charts: GoalCharts): Html {
  const { gateWaits: g } = charts;
  const longest = Math.max(g.medianMs ?? 0, g.longestOpenMs ?? 0, 1);
  const median = g.medianMs === null ? tr.t('web.chart.median.none') : tr.t('web.chart.median.value', { duration: duration(tr, g.medianMs), count: g.decided });
  const open = g.longestOpenMs === null ? tr.t('web.chart.open.none') : tr.t('web.chart.open.value', { duration: duration(tr, g.longestOpenMs), count: g.open });
  return html`<figure class="chart" id="chart-gates"><figcaption>${tr.t('web.chart.gates', { days: charts.days.length })}</figcaption>
<dl class="gauges"><div><dt>${tr.t('web.chart.median')}</dt><dd>${gauge(tr, 'gate-median', tr.t('web.chart.median.short'), g.medianMs ?? 0, longest, median)} ${median}</dd></div>
<div><dt>${tr.t('web.chart.open')}</dt><dd>${gauge(tr, 'gate-open', tr.t('web.chart.open.short'), g.longestOpenMs ?? 0, longest, open)} ${open}</dd></div></dl></figure>`;
}

/** Every chart of the goal page. */
export function goalChartsHtml(tr: Translator, charts: GoalCharts, quota: QuotaState): Html {
  return html`<h2 id="charts">${tr.t('web.chart.title')}</h2><div class="charts">${flowChart(tr, charts)}${evidenceChart(tr, charts)}${quotaGauge(tr, quota)}${gateWaitChart(tr, charts)}</div>`;
}

/** The board's small lane bar for one goal: one segment per lane, widths by count (nothing for a goal without todos). */
export function laneBar(tr: Translator, goalId: string, lanes: Readonly<Record<Lane, number>>): Html {
  const total = LANES.reduce((sum, lane) => sum + lanes[lane], 0);
  if (total === 0) return html``; // No todos: the card already says so, an empty bar would say nothing.
  const words = LANES.map((lane) => tr.t('board.fallback.lane', { lane: tr.t(`board.lane.${lane}`), count: lanes[lane] })).join(tr.t('web.list.comma'));
  let left = 0;
  const segments = LANES.filter((lane) => lanes[lane] > 0).map((lane) => {
    const width = round((lanes[lane] * 300) / total);
    const segment = html`<rect class="c-lane-${lane}" x="${left}" width="${width}" height="12"/>`;
    left = round(left + width);
    return segment;
  });
  return html`<svg class="lane-bar" viewBox="0 0 300 12" role="img" aria-labelledby="lanes-${goalId}"><title id="lanes-${goalId}">${tr.t('web.chart.lanes', { lanes: words })}</title><rect class="gauge-track" width="300" height="12"/>${segments}</svg>`;
}
