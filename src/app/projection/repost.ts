import type { Card } from '../../../cards/model.js';
import type { ProjectionRow } from '../../store/outbox.js';
import type { ChatSurface } from '../surface.js';

/** A day's margin: a card is re-posted while its old message can still be patched to point at the new one. */
export const REPOST_MARGIN_MS = 24 * 60 * 60 * 1000;

/** True when the message showing a card stops taking updates soon (Lark: 14 days), so the card is posted afresh. */
export function isExpiring(surface: ChatSurface, shown: ProjectionRow | undefined, nowMs: number): boolean {
  if (!shown || surface.updatableForMs === undefined) return false;
  return nowMs >= Date.parse(shown.posted_at ?? shown.sent_at) + surface.updatableForMs - REPOST_MARGIN_MS;
}

/** What the old message shows once its card moved: the title, where to look instead, and no buttons. */
export function movedCard(card: Card): Card {
  const header = card.blocks.find((block) => block.type === 'header');
  return {
    key: card.key,
    kind: card.kind,
    fallbackText: `Moved: ${card.fallbackText}`,
    blocks: [
      ...(header ? [{ ...header, status: 'moved', tone: 'muted' as const }] : []),
      { type: 'context', text: 'This card continues in a newer message in this chat (a card takes updates for 14 days only): use that one.' },
    ],
  };
}
