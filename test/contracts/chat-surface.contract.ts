import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../cards/model.js';
import type { ChatSurface, MessageRef } from '../../src/app/surface.js';

/** What a surface under contract provides: the surface, a destination it can post to, and platform controls. */
export interface SurfaceFixture {
  readonly surface: ChatSurface;
  readonly destination: string;
  /** Makes the platform answer the next call with a rate limit of `seconds`. */
  rateLimitNext(seconds: number): void;
  /** The notification text a message shows now, as the platform stores it. */
  shownText(ref: MessageRef): string | undefined;
  close?(): void | Promise<void>;
}

const card = (text: string): Card => ({ key: 'goal:contract', kind: 'board', fallbackText: text, blocks: [{ type: 'header', text }, { type: 'text', text: `${text} body` }] });

/**
 * The cases every ChatSurface passes (memory, Slack under msw, Lark under msw): post answers a ref, update
 * replaces in place, a rate limit is a value with its wait, an unknown message is refused, and nothing throws.
 */
export function chatSurfaceContract(name: string, setup: () => Promise<SurfaceFixture>): void {
  describe(`ChatSurface contract: ${name}`, () => {
    let fixture: SurfaceFixture | undefined;
    const open = async () => (fixture = await setup());
    afterEach(async () => {
      await fixture?.close?.();
      fixture = undefined;
    });

    it('posts a card and answers a message ref on the destination', async () => {
      const f = await open();
      const outcome = await f.surface.post(f.destination, card('first'), { idempotencyKey: 'contract-1' });
      expect(outcome.kind).toBe('sent');
      if (outcome.kind !== 'sent') return;
      expect(outcome.ref.destination).toBe(f.destination);
      expect(outcome.ref.messageId).not.toBe('');
      expect(f.shownText(outcome.ref)).toContain('first');
    });

    it('updates a posted card in place', async () => {
      const f = await open();
      const posted = await f.surface.post(f.destination, card('before'), { idempotencyKey: 'contract-2' });
      if (posted.kind !== 'sent') throw new Error(`post answered ${posted.kind}`);
      const updated = await f.surface.update(posted.ref, card('after'));
      expect(updated).toEqual({ kind: 'sent', ref: posted.ref });
      expect(f.shownText(posted.ref)).toContain('after');
    });

    it('posts a reply in the thread of a posted card', async () => {
      const f = await open();
      const parent = await f.surface.post(f.destination, card('parent'), { idempotencyKey: 'contract-3' });
      if (parent.kind !== 'sent') throw new Error(`post answered ${parent.kind}`);
      const reply = await f.surface.post(f.destination, card('reply'), { idempotencyKey: 'contract-4', threadOf: parent.ref });
      expect(reply.kind).toBe('sent');
    });

    it('answers a rate limit as a value with its wait', async () => {
      const f = await open();
      f.rateLimitNext(3);
      expect(await f.surface.post(f.destination, card('limited'), { idempotencyKey: 'contract-5' })).toEqual({ kind: 'rate_limited', retryAfterMs: 3_000 });
    });

    it('answers an update of a message that does not exist without throwing: gone (post it again) or rejected', async () => {
      const f = await open();
      const outcome = await f.surface.update({ destination: f.destination, messageId: 'no-such-message' }, card('ghost'));
      // A platform that says the message was deleted (Slack message_not_found) answers gone, so the card is re-posted.
      expect(['gone', 'rejected']).toContain(outcome.kind);
    });
  });
}
