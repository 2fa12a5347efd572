import { translator, type Translator } from './i18n/index.js';
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
export function quietMonitorBlocks(monitors: readonly QuietMonitorSummary[], tr: Translator = translator('en')): CardBlock[] {
  return monitors.flatMap((monitor): CardBlock[] => [
    { type: 'text', text: tr.t('board.monitor.quiet', { text: monitor.text, count: monitor.unchanged }), tone: 'warning' },
    {
      type: 'actions',
      buttons: [
        { label: tr.t('board.monitor.stop'), style: 'danger', action: { v: 1, monitor: monitor.todoId, choice: 'stop' } },
        { label: tr.t('board.monitor.keep'), style: 'default', action: { v: 1, monitor: monitor.todoId, choice: 'keep' } },
      ],
    },
  ]);
}
