import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack refuses replays older than five minutes; so do we. */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 300;

/** Signs a raw body the way Slack does: `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<body>`. */
export function slackSignature(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(rawBody).digest('hex')}`;
}

/**
 * Checks a request's Slack signature on the raw bytes (before any parsing) and its timestamp against the
 * injected clock; answers why it was refused.
 */
export function verifySlackSignature(secret: string, headers: { timestamp: string | undefined; signature: string | undefined }, rawBody: Buffer, nowMs: number): { ok: true } | { ok: false; reason: string } {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return { ok: false, reason: 'missing X-Slack-Request-Timestamp or X-Slack-Signature' };
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) return { ok: false, reason: 'malformed timestamp' };
  if (Math.abs(nowMs / 1000 - seconds) > SLACK_SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: 'timestamp outside the 5-minute window (check the clock, or a replay)' };
  const expected = Buffer.from(slackSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}
