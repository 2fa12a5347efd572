import type { Card } from './model.js';

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
