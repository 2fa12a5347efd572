import type { Card, CardBlock } from './model.js';
import type { QuietMonitorSummary } from './views.js';

/** What a monitor's check found that people should hear about: a reply in the goal's board thread. */
export interface MonitorChangeView {
  readonly todoId: string;
  /** The check this reply is about (one reply per check, never repeated). */
  readonly check: number;
  readonly monitorText: string;
  readonly summary: string;
}

/** The thread reply for a material change: "Watch PR #123: 2 new reviews". */
export function monitorChangeCard(view: MonitorChangeView): Card {
  const text = `${view.monitorText}: ${view.summary}`;
  return { key: `monitor:${view.todoId}:${view.check}`, kind: 'heartbeat', fallbackText: text, blocks: [{ type: 'text', text: `👀 ${text}` }] };
}

/** Each quiet monitor on the board card: how long it found nothing, and Stop / Keep watching buttons. */
export function quietMonitorBlocks(monitors: readonly QuietMonitorSummary[]): CardBlock[] {
  return monitors.flatMap((monitor): CardBlock[] => [
    { type: 'text', text: `Watching "${monitor.text}": no change in ${monitor.unchanged} checks. Stop watching, or keep?`, tone: 'warning' },
    {
      type: 'actions',
      buttons: [
        { label: 'Stop watching', style: 'danger', action: { v: 1, monitor: monitor.todoId, choice: 'stop' } },
        { label: 'Keep watching', style: 'default', action: { v: 1, monitor: monitor.todoId, choice: 'keep' } },
      ],
    },
  ]);
}
