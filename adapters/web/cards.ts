import { boardCard, gateCard, type Card } from '../../cards/index.js';
import { defaultBoardExtras } from '../../src/app/projection/sources.js';
import { boardView } from '../../src/app/queries/board-view.js';
import { gateView } from '../../src/app/queries/gate-view.js';
import { listGates } from '../../src/app/queries/gates.js';
import type { AppDeps } from '../../src/app/deps.js';
import type { GateState } from '../../src/kernel/gate.js';

// The web board shows exactly the cards the chat surfaces get: the same read models, the same builders.

/** A goal's board card, as Slack and Lark show it. */
export function goalBoardCard(deps: AppDeps, goalId: string, now: Date): Card | null {
  const view = boardView(deps.store, goalId, now, defaultBoardExtras(deps.store, goalId, now));
  return view.ok ? boardCard(view.value) : null;
}

/** A gate's card (buttons while pending, the outcome once decided), its times in the viewer's timezone when known. */
export function gateCardById(deps: AppDeps, gateId: string, timezone?: string | null): Card | null {
  const view = gateView(deps.store, gateId, timezone);
  return view ? gateCard(view) : null;
}

/** Gate cards in some states, oldest first, optionally for one goal; the newest `limit` when limited. */
export function gateCards(deps: AppDeps, states: readonly GateState[], options: { goalId?: string; limit?: number; timezone?: string | null } = {}): { gateId: string; card: Card }[] {
  const gates = listGates(deps.store, options.goalId, states);
  const picked = options.limit === undefined ? gates : gates.slice(-options.limit);
  return picked.flatMap((gate) => {
    const card = gateCardById(deps, gate.id, options.timezone);
    return card ? [{ gateId: gate.id, card }] : [];
  });
}
