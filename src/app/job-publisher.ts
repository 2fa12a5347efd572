import { boardCardKey } from '../../cards/board-card.js';
import { inChatLanguages } from '../../cards/i18n/index.js';
import type { Card } from '../../cards/model.js';
import { dailyCronAt } from '../kernel/cron.js';
import { listBindings, type Binding } from '../store/bindings.js';
import type { Store } from '../store/db.js';
import type { DigestTarget, JobPost, JobPublisher } from './job-ports.js';
import { CARD_PRIORITY, enqueueCard } from './projection/enqueue.js';

/** A binding's stable id for run records and previews: `demo/slack/C123`. */
export function bindingKey(binding: Pick<Binding, 'goalId' | 'surface' | 'destination'>): string {
  return `${binding.goalId}/${binding.surface}/${binding.destination}`;
}

/** A job's card in a binding's language; a bilingual chat's also carries the other language. */
function cardFor(binding: Binding, post: JobPost): Card {
  return post.cardIn ? inChatLanguages(post.cardIn(binding.locale), binding.bilingual, post.cardIn) : post.card;
}

/**
 * Publishes job cards through the projection outbox: heartbeats as replies in the thread of each board
 * binding's goal card, digests to their one binding, behind live cards in the send order, and reminders to a
 * person's direct messages.
 */
export const outboxPublisher: JobPublisher = (ctx, post) => {
  const { destination } = post;
  if (destination.kind === 'direct') {
    return enqueueCard(ctx.store, { surface: destination.surface, destination: destination.destination, card: post.card, priority: CARD_PRIORITY.gate }, ctx.now) ? 1 : 0;
  }
  const bindings = listBindings(ctx.store, post.goalId);
  const targets = destination.kind === 'board_thread' ? bindings.filter((b) => b.purposes.includes('board')) : bindings.filter((b) => bindingKey(b) === destination.bindingId);
  let queued = 0;
  for (const binding of targets) {
    const delivery = { surface: binding.surface, destination: binding.destination, card: cardFor(binding, post) };
    const placed = destination.kind === 'board_thread' ? { priority: CARD_PRIORITY.progress, threadOf: boardCardKey(post.goalId) } : { priority: CARD_PRIORITY.digest };
    if (enqueueCard(ctx.store, { ...delivery, ...placed }, ctx.now)) queued += 1;
  }
  return queued;
};

/** Every binding with the digest purpose, as a digest job: its daily time as a cron, in its own timezone. */
export function listDigestTargets(store: Store): DigestTarget[] {
  return listBindings(store)
    .filter((b) => b.purposes.includes('digest'))
    .flatMap((b) => {
      const cron = dailyCronAt(b.digestAt);
      if (!cron.ok) return [];
      return [{ bindingId: bindingKey(b), goalId: b.goalId, label: `${b.surface} ${b.destination}`, destination: b.destination, cron: cron.value, timezone: b.digestTimezone, locale: b.locale, createdAt: b.createdAt }];
    });
}
