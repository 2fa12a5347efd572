// A goal at a glance in plain text, for chat digests: a lane bar and a 7-day evidence sparkline. Unicode block
// characters render in Slack, Lark and any terminal; the numbers follow in words for screen readers.
import type { Lane } from '../src/kernel/lanes.js';
import { translator, type Translator } from './i18n/index.js';
import type { CardBlock } from './model.js';

/** What the digest's glance line shows; `chartsUrl` is the goal page with the full charts (null: no server known). */
export interface DigestGlance {
  readonly lanes: Readonly<Record<Lane, number>>;
  /** Evidence per day, oldest first (the last 7 days, today last). */
  readonly evidencePerDay: readonly number[];
  readonly chartsUrl: string | null;
}

/** Lanes grouped the way a glance reads them, with the block each fills the bar with. */
const GROUPS: readonly { name: 'glance.done' | 'glance.inProgress' | 'glance.waiting' | 'glance.todo'; lanes: readonly Lane[]; fill: string }[] = [
  { name: 'glance.done', lanes: ['done'], fill: '█' },
  { name: 'glance.inProgress', lanes: ['claimed', 'running', 'review'], fill: '▓' },
  { name: 'glance.waiting', lanes: ['blocked', 'user_gate'], fill: '▒' },
  { name: 'glance.todo', lanes: ['todo'], fill: '░' },
];
const BAR_CELLS = 12;
const SPARKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** `████▓▓▒░░░░░ 4 done · 2 in progress · 1 waiting · 5 to do`: cells in proportion, at least one per non-empty group. */
export function laneBarText(lanes: Readonly<Record<Lane, number>>, tr: Translator = translator('en')): string {
  const counts = GROUPS.map((g) => g.lanes.reduce((sum, lane) => sum + lanes[lane], 0));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return tr.t('glance.empty');
  const cells = counts.map((n) => (n === 0 ? 0 : Math.max(1, Math.round((n * BAR_CELLS) / total))));
  const bar = GROUPS.map((g, i) => g.fill.repeat(cells[i] ?? 0)).join('');
  return `${bar} ${GROUPS.map((g, i) => tr.t(g.name, { count: counts[i] ?? 0 })).join(' · ')}`;
}

/** `▁▃▅·█▂▁`: one character a day scaled to the busiest day; `·` for a day with none. */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v === 0 || max === 0 ? '·' : SPARKS[Math.max(0, Math.ceil((v / max) * SPARKS.length) - 1)])).join('');
}

/** The digest's "At a glance" line and, when the board's address is known, the link to the charts, in the card's language. */
export function glanceBlocks(glance: DigestGlance | undefined, tr: Translator): CardBlock[] {
  if (!glance) return [];
  const count = glance.evidencePerDay.reduce((a, b) => a + b, 0);
  const lanes = laneBarText(glance.lanes, tr);
  return [
    { type: 'text', text: tr.t('glance.line', { lanes, days: glance.evidencePerDay.length, spark: sparkline(glance.evidencePerDay), count }) },
    ...(glance.chartsUrl ? [{ type: 'context' as const, text: tr.t('glance.charts', { url: glance.chartsUrl }) }] : []),
  ];
}
