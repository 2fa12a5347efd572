import { z } from 'zod';

// Lark payloads as the SDK's dispatcher hands them over: the v2 envelope flattened (header fields and event
// fields side by side). Only the fields LoopX reads are declared; everything else is ignored.

const OpenId = z.string().min(1).max(128);

/** A `card.action.trigger` callback: who clicked, which button (its `value`), the form values, which message. */
export const LarkCardActionEvent = z.object({
  event_id: z.string().min(1).max(128).optional(),
  tenant_key: z.string().min(1).max(128).optional(),
  create_time: z.string().regex(/^\d+$/).optional(),
  operator: z.object({ open_id: OpenId, tenant_key: z.string().min(1).max(128).optional() }),
  action: z.object({
    value: z.record(z.string(), z.unknown()).optional(),
    form_value: z.record(z.string(), z.unknown()).optional(),
  }),
  context: z.object({ open_message_id: z.string().max(128).optional(), open_chat_id: z.string().max(128).optional() }).optional(),
});
/** A parsed card callback. */
export type LarkCardActionEvent = z.infer<typeof LarkCardActionEvent>;

/** An `im.message.receive_v1` event: a message in a chat the bot is in (group messages only when it is mentioned). */
export const LarkMessageEvent = z.object({
  event_id: z.string().min(1).max(128).optional(),
  tenant_key: z.string().min(1).max(128).optional(),
  sender: z.object({
    sender_id: z.object({ open_id: OpenId }),
    sender_type: z.string().optional(),
    tenant_key: z.string().min(1).max(128).optional(),
  }),
  message: z.object({
    message_id: z.string().min(1).max(128),
    chat_id: z.string().min(1).max(128),
    chat_type: z.string().optional(),
    message_type: z.string(),
    content: z.string().max(150_000),
    /** Milliseconds since the epoch, as a string. */
    create_time: z.string().regex(/^\d+$/),
    mentions: z.array(z.object({ key: z.string() })).optional(),
  }),
});
/** A parsed message event. */
export type LarkMessageEvent = z.infer<typeof LarkMessageEvent>;

/** The content of a text message. */
export const LarkTextContent = z.object({ text: z.string() });
