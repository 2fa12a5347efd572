import type { ChatSurface as SurfaceName } from '../../kernel/vocabulary.js';

/** How fast one surface may be called. */
export interface SurfaceLimits {
  /** Minimum gap between two new messages in the same destination (Slack: about 1 per second per channel; Lark: 5 per second per chat). */
  readonly perDestinationMs: number;
  /** Minimum gap between two updates of the same message (Lark: 5 per second per message; Slack limits updates per workspace only). */
  readonly perMessageMs: number;
  /**
   * Our own coalescing window for progress: a card is updated for progress at most this often, so a burst of
   * changes becomes one update. Gate changes and decisions do not wait for it (only for the platform's limits).
   */
  readonly progressGapMs: number;
  /** Sustained calls per minute across the surface (Slack chat.update Tier 3: 50/min per workspace). */
  readonly perMinute: number;
  /** Calls allowed at once before the sustained rate applies. */
  readonly burst: number;
}

/**
 * Each platform's published limits (chatops-platforms.md §2.8, §3.7), kept under them in every window: a bucket
 * allows `burst + perMinute` calls in its first minute, so Slack's 50/min becomes 45 + 5, and Lark's 50/s app
 * limit bounds the burst (25 + 1000/min ≈ 42 in any second). bench/projection.mjs measured 429s without this.
 */
export const DEFAULT_SURFACE_LIMITS: Readonly<Record<SurfaceName, SurfaceLimits>> = {
  slack: { perDestinationMs: 1_000, perMessageMs: 0, progressGapMs: 1_000, perMinute: 45, burst: 5 },
  lark: { perDestinationMs: 200, perMessageMs: 200, progressGapMs: 200, perMinute: 1_000, burst: 25 },
};

/** A token bucket on an injected clock: `take` spends a token if one is there, `readyAt` says when one will be. */
export interface TokenBucket {
  take(nowMs: number): boolean;
  readyAt(nowMs: number): number;
}

/** Creates a full token bucket. */
export function createTokenBucket(limits: Pick<SurfaceLimits, 'perMinute' | 'burst'>, startMs: number): TokenBucket {
  const perMs = limits.perMinute / 60_000;
  let tokens = limits.burst;
  let at = startMs;
  const refill = (nowMs: number) => {
    if (nowMs > at) {
      tokens = Math.min(limits.burst, tokens + (nowMs - at) * perMs);
      at = nowMs;
    }
  };
  return {
    take(nowMs) {
      refill(nowMs);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    readyAt(nowMs) {
      refill(nowMs);
      return tokens >= 1 ? nowMs : nowMs + Math.ceil((1 - tokens) / perMs);
    },
  };
}
