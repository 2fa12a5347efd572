import { boardCard, gateCard, type Card } from '../../cards/index.js';
import type { GateCardOptions } from '../../cards/gate-card.js';
import { defaultBoardExtras } from '../../src/app/projection/sources.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { gateView } from '../../src/app/queries/gate-view.js';
import { listGates, waitingOn } from '../../src/app/queries/gates.js';
import type { AppDeps } from '../../src/app/deps.js';
import type { Gate, GateState } from '../../src/kernel/gate.js';
import type { Locale } from '../../src/kernel/locale.js';

// The web board shows exactly the cards the chat surfaces get: the same read models, the same builders.

/** A goal's board card, as Slack and Lark show it; for a signed-in viewer, only their own gates carry buttons. */
export function goalBoardCard(deps: AppDeps, goalId: string, now: Date, viewerId?: string, locale: Locale = 'en'): Card | null {
  const view = boardView(deps.store, goalId, now, defaultBoardExtras(deps.store, goalId, now));
  return view.ok ? boardCard(view.value, viewerId === undefined ? { locale } : { viewerId, locale }) : null;
}

/**
 * A gate's card (buttons while pending, the outcome once decided), its times in the viewer's timezone when known;
 * `decidable: false` draws it without buttons (it waits on other people).
 */
export function gateCardById(deps: AppDeps, gateId: string, timezone?: string | null, options: GateCardOptions = {}): Card | null {
  const view = gateView(deps.store, gateId, { viewerTimezone: timezone });
  return view ? gateCard(view, options) : null;
}

/** Which gate cards a page shows, and to whom. */
export interface GateCardsOptions {
  readonly goalId?: string;
  readonly limit?: number;
  /** The viewer's timezone, for decision times. */
  readonly timezone?: string | null;
  /** The signed-in viewer: only gates that wait on them get buttons. Omitted for a read-only visitor. */
  readonly viewerId?: string | undefined;
  /** The viewer's language. */
  readonly locale?: Locale;
}

/** True when the gate's buttons are for this viewer: a read-only visitor sees them (disabled), a person only their own. */
export function decidableBy(deps: AppDeps, gate: Gate, viewerId: string | undefined): boolean {
  return viewerId === undefined || waitingOn(deps.store, gate).includes(viewerId);
}

/** Gate cards in some states, oldest first, optionally for one goal; the newest `limit` when limited. */
export function gateCards(deps: AppDeps, states: readonly GateState[], options: GateCardsOptions = {}): { gateId: string; card: Card }[] {
  const gates = listGates(deps.store, options.goalId, states);
  const picked = options.limit === undefined ? gates : gates.slice(-options.limit);
  return picked.flatMap((gate) => {
    const card = gateCardById(deps, gate.id, options.timezone, { decidable: decidableBy(deps, gate, options.viewerId), locale: options.locale ?? 'en' });
    return card ? [{ gateId: gate.id, card }] : [];
  });
}
