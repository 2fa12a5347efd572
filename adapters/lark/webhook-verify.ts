import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

// Our own checks for LARK_MODE=webhook, on the raw body, before the SDK sees anything. The SDK alone accepts
// unsigned events when no encrypt key is set, hashes a re-serialised body, and has no timestamp window.

/** The secrets a webhook request is checked against (all required in webhook mode). */
export interface LarkWebhookSecrets {
  readonly appId: string;
  readonly encryptKey: string;
  readonly verificationToken: string;
}

/** Requests signed further than this from our clock are refused (replays, skewed senders). */
export const LARK_SIGNATURE_WINDOW_SECONDS = 300;

/** Why a request was refused; each maps to an HTTP status in the mount. */
export type LarkRefusal = 'missing_signature' | 'stale_timestamp' | 'bad_signature' | 'not_encrypted' | 'undecryptable' | 'bad_token' | 'wrong_app';

/** A verified, decrypted request: either Lark checking the URL, or an event envelope for the dispatcher. */
export type LarkVerified =
  | { readonly ok: true; readonly kind: 'challenge'; readonly challenge: string }
  | { readonly ok: true; readonly kind: 'event'; readonly envelope: Record<string, unknown>; readonly eventId: string | null }
  | { readonly ok: false; readonly refusal: LarkRefusal };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Lark's v2 signature: SHA-256 hex of timestamp + nonce + encrypt key + the body bytes as sent. */
export function larkSignature(timestamp: string, nonce: string, encryptKey: string, rawBody: Buffer): string {
  return createHash('sha256').update(timestamp + nonce + encryptKey).update(rawBody).digest('hex');
}

/** Decrypts Lark's `encrypt` field: AES-256-CBC, key = SHA-256(encrypt key), IV = the first 16 bytes. */
export function decryptLarkPayload(encrypted: string, encryptKey: string): string {
  const data = Buffer.from(encrypted, 'base64');
  const key = createHash('sha256').update(encryptKey).digest();
  const decipher = createDecipheriv('aes-256-cbc', key, data.subarray(0, 16));
  return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]).toString('utf8');
}

function decrypt(rawBody: Buffer, encryptKey: string): Record<string, unknown> | LarkRefusal {
  let outer: unknown;
  try {
    outer = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return 'not_encrypted';
  }
  const encrypted = (outer as { encrypt?: unknown } | null)?.encrypt;
  if (typeof encrypted !== 'string') return 'not_encrypted';
  try {
    const inner: unknown = JSON.parse(decryptLarkPayload(encrypted, encryptKey));
    return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : 'undecryptable';
  } catch {
    return 'undecryptable';
  }
}

function checkSignature(headers: IncomingHttpHeaders, rawBody: Buffer, encryptKey: string, now: Date): LarkRefusal | null {
  const timestamp = header(headers, 'x-lark-request-timestamp');
  const nonce = header(headers, 'x-lark-request-nonce');
  const signature = header(headers, 'x-lark-signature');
  if (!timestamp || !nonce || !signature) return 'missing_signature';
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (!Number.isFinite(skew) || skew > LARK_SIGNATURE_WINDOW_SECONDS) return 'stale_timestamp';
  return sameText(larkSignature(timestamp, nonce, encryptKey, rawBody), signature) ? null : 'bad_signature';
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Verifies one webhook request: signature over the raw body within ±5 minutes, encrypted payload, our
 * verification token and app id. Lark's URL check carries no signature, so it is answered only after the
 * body decrypted with our key and carried our token.
 */
export function verifyLarkRequest(headers: IncomingHttpHeaders, rawBody: Buffer, secrets: LarkWebhookSecrets, now: Date): LarkVerified {
  const signed = header(headers, 'x-lark-signature') !== undefined;
  const refusal = signed ? checkSignature(headers, rawBody, secrets.encryptKey, now) : null;
  if (refusal) return { ok: false, refusal };
  const payload = decrypt(rawBody, secrets.encryptKey);
  if (typeof payload === 'string') return { ok: false, refusal: payload };
  if (payload.type === 'url_verification') {
    if (typeof payload.token !== 'string' || !sameText(payload.token, secrets.verificationToken)) return { ok: false, refusal: 'bad_token' };
    return { ok: true, kind: 'challenge', challenge: String(payload.challenge ?? '') };
  }
  if (!signed) return { ok: false, refusal: 'missing_signature' };
  const head = asRecord(payload.header);
  if (typeof head.token !== 'string' || !sameText(head.token, secrets.verificationToken)) return { ok: false, refusal: 'bad_token' };
  if (head.app_id !== secrets.appId) return { ok: false, refusal: 'wrong_app' };
  return { ok: true, kind: 'event', envelope: payload, eventId: typeof head.event_id === 'string' ? head.event_id : null };
}
