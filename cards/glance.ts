// A goal at a glance in plain text, for chat digests: a lane bar and a 7-day evidence sparkline. Unicode block
// characters render in Slack, Lark and any terminal; the numbers follow in words for screen readers.
import { LANES, type Lane } from '../src/kernel/lanes.js';
import type { CardBlock } from './model.js';

/** What the digest's glance line shows; `chartsUrl` is the goal page with the full charts (null: no server known). */
export interface DigestGlance {
  readonly lanes: Readonly<Record<Lane, number>>;
  /** Evidence per day, oldest first (the last 7 days, today last). */
  readonly evidencePerDay: readonly number[];
  readonly chartsUrl: string | null;
}

/** Lanes grouped the way a glance reads them, with the block each fills the bar with. */
const GROUPS: readonly { name: string; lanes: readonly Lane[]; fill: string }[] = [
  { name: 'done', lanes: ['done'], fill: '█' },
  { name: 'in progress', lanes: ['claimed', 'running', 'review'], fill: '▓' },
  { name: 'waiting', lanes: ['blocked', 'user_gate'], fill: '▒' },
  { name: 'to do', lanes: ['todo'], fill: '░' },
];
const BAR_CELLS = 12;
const SPARKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** `████▓▓▒░░░░░ 4 done · 2 in progress · 1 waiting · 5 to do`: cells in proportion, at least one per non-empty group. */
export function laneBarText(lanes: Readonly<Record<Lane, number>>): string {
  const counts = GROUPS.map((g) => g.lanes.reduce((sum, lane) => sum + lanes[lane], 0));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return 'no todos yet';
  const cells = counts.map((n) => (n === 0 ? 0 : Math.max(1, Math.round((n * BAR_CELLS) / total))));
  const bar = GROUPS.map((g, i) => g.fill.repeat(cells[i] ?? 0)).join('');
  return `${bar} ${GROUPS.map((g, i) => `${counts[i]} ${g.name}`).join(' · ')}`;
}

/** `▁▃▅·█▂▁`: one character a day scaled to the busiest day; `·` for a day with none. */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v === 0 || max === 0 ? '·' : SPARKS[Math.max(0, Math.ceil((v / max) * SPARKS.length) - 1)])).join('');
}

/** The digest's "At a glance" line and, when the board's address is known, the link to the charts. */
export function glanceBlocks(glance: DigestGlance | undefined): CardBlock[] {
  if (!glance) return [];
  const evidence = glance.evidencePerDay.reduce((a, b) => a + b, 0);
  const lanes = LANES.some((lane) => glance.lanes[lane] > 0) ? laneBarText(glance.lanes) : 'no todos yet';
  return [
    { type: 'text', text: `At a glance: ${lanes}. Evidence, last ${glance.evidencePerDay.length} days: ${sparkline(glance.evidencePerDay)} (${evidence}).` },
    ...(glance.chartsUrl ? [{ type: 'context' as const, text: `Charts: ${glance.chartsUrl}` }] : []),
  ];
}
