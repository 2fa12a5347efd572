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
  | { readonly kind: 'failed'; readonly reason: string }
  /** The posted message can no longer be updated (deleted by hand, or past Lark's 14 days): post the card afresh. */
  | { readonly kind: 'gone'; readonly reason: string };

/** The outcome of looking for an earlier post of a card: found, certainly absent, or unknown for now. */
export type FindPostOutcome =
  | { readonly kind: 'found'; readonly ref: MessageRef }
  | { readonly kind: 'absent' }
  | Extract<SendOutcome, { readonly kind: 'rate_limited' | 'failed' }>;

/** How a card is posted: the key a platform can deduplicate on, and the thread to reply in. */
export interface PostOptions {
  readonly idempotencyKey: string;
  readonly threadOf?: MessageRef;
}

/**
 * One chat platform as the projection engine sees it. Implementations render the neutral card themselves
 * and never throw for platform errors: they answer a SendOutcome.
 */
export interface ChatSurface {
  readonly name: 'slack' | 'lark';
  /** Posts a new card; `idempotencyKey` lets the platform drop a retried duplicate (Lark `uuid`). */
  post(destination: string, card: Card, options: PostOptions): Promise<SendOutcome>;
  /**
   * Looks for a post of the card made since `since` whose answer was lost (a crash or a timeout after the
   * platform accepted it), by its idempotency key. Only platforms without idempotent posts (Slack) need it;
   * the sender calls it before posting again a card whose earlier post may have gone through.
   */
  findPost?(destination: string, options: PostOptions & { readonly since: Date }): Promise<FindPostOutcome>;
  /** Replaces a posted card in place. */
  update(ref: MessageRef, card: Card): Promise<SendOutcome>;
  /**
   * How long after its post a message still takes updates and clicks (Lark: 14 days); none when unlimited. The
   * sender re-posts a live card a day before, and points the old message at the new one.
   */
  readonly updatableForMs?: number;
}
