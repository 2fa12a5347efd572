import { BOARD_GATES_WITH_BUTTONS, boardCard, boardCardKey } from '../../../cards/board-card.js';
import type { Card } from '../../../cards/model.js';
import type { Store } from '../../store/db.js';
import type { Locale } from '../../kernel/locale.js';
import type { BindingPurpose, ChatSurface as SurfaceName } from '../../kernel/vocabulary.js';
import type { EventRow } from '../../store/events.js';
import { findGoal } from '../../store/goals.js';
import { boardView, type BoardExtras } from '../queries/board-view.js';
import { pendingGateSummaries } from '../queries/gate-view.js';
import { quotaState } from '../queries/quota.js';
import { CARD_PRIORITY } from './enqueue.js';

/** A card that changed, for which goal, and how urgently it should be re-sent. */
export interface CardTarget {
  readonly key: string;
  readonly goalId: string;
  readonly priority: number;
}

/** A fresh render of a card from current state. */
export interface RenderedCard {
  readonly card: Card;
  readonly revision: number;
}

/**
 * One kind of live card (board, gate). The projector asks each source which of its cards a batch of ledger
 * events changed, and renders them from current state, never by patching the previous render.
 */
export interface CardSource {
  /** The binding purpose whose destinations receive these cards. */
  readonly purpose: BindingPurpose;
  /** The cards a batch of ledger events changed. */
  affected(store: Store, events: readonly EventRow[]): CardTarget[];
  /** Every card of a goal that should be live now (what the reconciler checks). */
  liveKeys(store: Store, goalId: string): string[];
  /**
   * Renders a card from current state; null when its subject no longer exists. A direct message is a personal
   * view: its copy is rendered with the reader's timezone.
   */
  render(store: Store, key: string, now: Date, reader?: Reader): RenderedCard | null;
  /**
   * Destinations a card goes to besides the goal's bindings: direct messages to people (`dm:<chat user>`). A
   * source that gives them keeps giving every copy it ever queued, so one decision updates them all.
   */
  directDestinations?(store: Store, key: string, now: Date): Destination[];
}

/** One place a card is shown: a surface and its channel, chat, or `dm:` user (with its reader, for a DM). */
export interface Destination {
  readonly surface: SurfaceName;
  readonly destination: string;
  readonly reader?: Reader;
}

/**
 * Who reads a copy: a direct message's times are in its reader's timezone; every copy is in its reader's language
 * (a person's locale for a direct message, the binding's for a chat).
 */
export interface Reader {
  readonly timezone: string | null;
  readonly locale?: Locale | null;
  /** A bilingual Lark chat: the card also carries the other language. */
  readonly bilingual?: boolean;
}

/** True when a reader needs a render of their own rather than the shared English one in the goal's timezone. */
export function needsOwnRender(reader: Reader | undefined): reader is Reader {
  return reader !== undefined && (reader.timezone !== null || (reader.locale ?? 'en') !== 'en' || reader.bilingual === true);
}

/** True when an event is about a gate (asked, amended, decided, expired…). */
export function isGateEvent(event: Pick<EventRow, 'type'>): boolean {
  return event.type.startsWith('gate.');
}

/** Gate events that close or reopen a gate: the cards they change jump the queue so every copy converges fast. */
const DECISION_EVENTS: ReadonlySet<string> = new Set(['gate.decided', 'gate.woke']);

/** How urgently a card changed by this event is re-sent: decisions first, then other gate changes, then progress. */
export function eventPriority(event: Pick<EventRow, 'type'>): number {
  if (DECISION_EVENTS.has(event.type)) return CARD_PRIORITY.decision;
  return isGateEvent(event) ? CARD_PRIORITY.gate : CARD_PRIORITY.progress;
}

/** What the board shows by default beyond the goal's own state: its pending gates and its quota. */
export function defaultBoardExtras(store: Store, goalId: string, now: Date): BoardExtras {
  const quota = quotaState(store, goalId, now);
  const pending = pendingGateSummaries(store, goalId, BOARD_GATES_WITH_BUTTONS, now);
  return { needsYou: pending.gates, needsYouTotal: pending.total, quota: { spent: quota.spent, allowed: quota.allowed, windowHours: quota.windowHours } };
}

/** The board card source; `extras` supplies what other parts own (pending gates, quota, the web board URL). */
export function createBoardSource(extras: (store: Store, goalId: string, now: Date) => BoardExtras = defaultBoardExtras): CardSource {
  const prefix = boardCardKey('');
  return {
    purpose: 'board',
    affected(_store, events) {
      const targets = new Map<string, CardTarget>();
      for (const event of events) {
        if (event.goal_id === null) continue;
        const priority = eventPriority(event);
        const previous = targets.get(event.goal_id);
        if (!previous || priority < previous.priority) targets.set(event.goal_id, { key: boardCardKey(event.goal_id), goalId: event.goal_id, priority });
      }
      return [...targets.values()];
    },
    liveKeys: (_store, goalId) => [boardCardKey(goalId)],
    render(store, key, now, reader) {
      if (!key.startsWith(prefix)) return null;
      const goalId = key.slice(prefix.length);
      const goal = findGoal(store, goalId);
      if (!goal) return null;
      const view = boardView(store, goalId, now, extras(store, goalId, now));
      return view.ok ? { card: boardCard(view.value, reader?.locale ? { locale: reader.locale } : {}), revision: goal.revision } : null;
    },
  };
}
