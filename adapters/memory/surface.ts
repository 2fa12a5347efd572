import type { Card } from '../../cards/model.js';
import type { ChatSurface, MessageRef, SendOutcome } from '../../src/app/surface.js';

/** One call the memory surface received. */
export interface MemoryCall {
  readonly method: 'post' | 'update';
  readonly destination: string;
  readonly messageId: string | null;
  readonly card: Card;
  readonly threadOf: MessageRef | null;
}

/** A ChatSurface that keeps messages in memory: the dry run, and the reference the contract suite documents. */
export interface MemorySurface extends ChatSurface {
  readonly calls: MemoryCall[];
  /** The current card of every message, by `destination/messageId`. */
  readonly messages: Map<string, Card>;
  /** Makes the next calls answer these outcomes instead of succeeding (rate limits, failures). */
  failNext(...outcomes: SendOutcome[]): void;
}

/** Creates an in-memory surface under a platform name. */
export function createMemorySurface(name: ChatSurface['name'] = 'slack'): MemorySurface {
  const calls: MemoryCall[] = [];
  const messages = new Map<string, Card>();
  const queued: SendOutcome[] = [];
  let counter = 0;
  const answer = (ref: MessageRef, card: Card): SendOutcome => {
    const forced = queued.shift();
    if (forced) return forced;
    messages.set(`${ref.destination}/${ref.messageId}`, card);
    return { kind: 'sent', ref };
  };
  return {
    name,
    calls,
    messages,
    failNext: (...outcomes) => void queued.push(...outcomes),
    async post(destination, card, options) {
      calls.push({ method: 'post', destination, messageId: null, card, threadOf: options.threadOf ?? null });
      counter += 1;
      return answer({ destination, messageId: `m${counter}` }, card);
    },
    async update(ref, card) {
      calls.push({ method: 'update', destination: ref.destination, messageId: ref.messageId, card, threadOf: null });
      if (!messages.has(`${ref.destination}/${ref.messageId}`) && queued.length === 0) return { kind: 'rejected', reason: 'message_not_found' };
      return answer(ref, card);
    },
  };
}
