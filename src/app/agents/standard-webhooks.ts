import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com): a secret `whsec_<base64 key>`, and per delivery the headers
// `webhook-id` (stable across retries), `webhook-timestamp` (unix seconds) and `webhook-signature`
// (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`), so any of its libraries verifies a LoopX wake.

const PREFIX = 'whsec_';

/** A fresh secret, shown to the agent once. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

function signature(secret: string, id: string, timestamp: number, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The three headers of one delivery. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature(secret, id, timestamp, body)}` };
}

/**
 * Whether a delivery is genuine: one of its space-separated `v1,` signatures matches and its timestamp is within
 * `toleranceSeconds` of `nowSeconds` (a replayed old delivery fails).
 */
export function verifyWebhook(secret: string, headers: Readonly<Record<string, string | undefined>>, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const signatures = headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !signatures || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signature(secret, id, timestamp, body));
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
