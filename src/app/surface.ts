import type { Card } from '../../cards/model.js';

/** Where a posted card lives on its platform: enough to update it in place later. */
export interface MessageRef {
  /** Slack channel id / Lark chat id. */
  readonly destination: string;
  /** Slack `ts` / Lark `message_id`. */
  readonly messageId: string;
}

/** The outcome of one platform call, as the projection engine needs it. */
export type SendOutcome =
  | { readonly kind: 'sent'; readonly ref: MessageRef }
  /** Rate limited: try again no earlier than `retryAfterMs` from now (Slack 429 Retry-After, Lark 99991400). */
  | { readonly kind: 'rate_limited'; readonly retryAfterMs: number }
  /** The platform will never accept this (channel gone, bot removed, message too old to edit): stop retrying. */
  | { readonly kind: 'rejected'; readonly reason: string }
  /** A transient failure (network, 5xx): retry with backoff. */
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * One chat platform as the projection engine sees it. Implementations render the neutral card themselves
 * and never throw for platform errors: they answer a SendOutcome.
 */
export interface ChatSurface {
  readonly name: 'slack' | 'lark';
  /** Posts a new card; `idempotencyKey` lets the platform drop a retried duplicate (Lark `uuid`). */
  post(destination: string, card: Card, options: { readonly idempotencyKey: string; readonly threadOf?: MessageRef }): Promise<SendOutcome>;
  /** Replaces a posted card in place. */
  update(ref: MessageRef, card: Card): Promise<SendOutcome>;
}
