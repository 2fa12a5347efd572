import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { larkSignature } from '../../adapters/lark/webhook-verify.js';

/** Test secrets for webhook mode. */
export const LARK_SECRETS = { appId: 'cli_test', encryptKey: 'test-encrypt-key', verificationToken: 'test-verification-token' } as const;

/** Encrypts a payload the way Lark does: AES-256-CBC, key SHA-256(encrypt key), random IV in front, base64. */
export function encryptLarkPayload(payload: unknown, encryptKey: string = LARK_SECRETS.encryptKey): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update(encryptKey).digest(), iv);
  return Buffer.concat([iv, cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]).toString('base64');
}

/** A signed, encrypted webhook request body and headers, as Lark would send it at `timestampSeconds`. */
export function signedLarkRequest(payload: unknown, options: { timestampSeconds: number; encryptKey?: string; signWith?: string; nonce?: string }): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ encrypt: encryptLarkPayload(payload, options.encryptKey) });
  const timestamp = String(options.timestampSeconds);
  const nonce = options.nonce ?? randomBytes(8).toString('hex');
  const signature = larkSignature(timestamp, nonce, options.signWith ?? options.encryptKey ?? LARK_SECRETS.encryptKey, Buffer.from(body));
  return { body, headers: { 'content-type': 'application/json', 'x-lark-request-timestamp': timestamp, 'x-lark-request-nonce': nonce, 'x-lark-signature': signature } };
}

/** A v2 `card.action.trigger` envelope for a click by `openId` on `messageId` (its create_time is in microseconds, like Lark's). */
export function cardActionEnvelope(options: { eventId: string; openId: string; value: unknown; formValue?: Record<string, string>; messageId?: string; createTimeMs: number; tenant?: string; token?: string; appId?: string }) {
  return {
    schema: '2.0',
    header: {
      event_id: options.eventId,
      token: options.token ?? LARK_SECRETS.verificationToken,
      create_time: String(options.createTimeMs * 1000),
      event_type: 'card.action.trigger',
      tenant_key: options.tenant ?? 'tenant1',
      app_id: options.appId ?? LARK_SECRETS.appId,
    },
    event: {
      operator: { tenant_key: options.tenant ?? 'tenant1', open_id: options.openId },
      token: 'c-callback-token',
      action: { value: options.value, tag: 'button', ...(options.formValue ? { form_value: options.formValue } : {}) },
      host: 'im_message',
      context: { open_message_id: options.messageId ?? 'om_card', open_chat_id: 'oc_chat1' },
    },
  };
}

/** A v2 `im.message.receive_v1` envelope: `text` typed in `chatId`, mentioning the bot. */
export function messageEnvelope(options: { eventId: string; openId: string; text: string; chatId?: string; createTimeMs: number; messageId?: string; tenant?: string }) {
  return {
    schema: '2.0',
    header: {
      event_id: options.eventId,
      token: LARK_SECRETS.verificationToken,
      create_time: String(options.createTimeMs),
      event_type: 'im.message.receive_v1',
      tenant_key: options.tenant ?? 'tenant1',
      app_id: LARK_SECRETS.appId,
    },
    event: {
      sender: { sender_id: { open_id: options.openId }, sender_type: 'user', tenant_key: options.tenant ?? 'tenant1' },
      message: {
        message_id: options.messageId ?? `om_${options.eventId}`,
        chat_id: options.chatId ?? 'oc_chat1',
        chat_type: 'group',
        message_type: 'text',
        content: JSON.stringify({ text: `@_user_1 ${options.text}` }),
        create_time: String(options.createTimeMs),
        mentions: [{ key: '@_user_1', id: { open_id: 'ou_bot' }, name: 'LoopX' }],
      },
    },
  };
}
