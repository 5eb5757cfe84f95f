import * as z from 'zod/mini';
import { POS_AMOUNT_CENTS, POS_DESCRIPTION_MAX, POS_TOKEN_MAX } from '../api/pos';

/**
 * Messages participants send each other inside a room (data channel or Twilio data track).
 * `mute`, `chat` and `file` are the spec's; `state` is how the local engine tells peers what it
 * publishes (the Twilio engine learns it from Twilio's own events); `payment` is a payment request
 * staff made during the call, shown as a card to pay from (honoured only from staff).
 */
export const DATA_MESSAGE_MAX_TEXT = 2000;

export const dataMessageSchema = z.discriminatedUnion('type', [
  /** Asks the participant `payload` (an identity) to disable its microphone; honoured only from staff. */
  z.object({ type: z.literal('mute'), payload: z.string() }),
  z.object({
    type: z.literal('chat'),
    payload: z.object({ id: z.string(), text: z.string().check(z.minLength(1), z.maxLength(DATA_MESSAGE_MAX_TEXT)), sentAt: z.string() }),
  }),
  z.object({
    type: z.literal('file'),
    payload: z.object({
      id: z.string(),
      name: z.string(),
      size: z.int(),
      mimeType: z.string(),
      url: z.string(),
      sentAt: z.string(),
    }),
  }),
  z.object({
    type: z.literal('payment'),
    payload: z.object({
      id: z.string().check(z.maxLength(100)),
      sentAt: z.string().check(z.maxLength(40)),
      paymentId: z.uuid(),
      /** The request's link capability: the card opens /pagamento/{token} on this site, never a URL from the message. */
      token: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(POS_TOKEN_MAX)),
      amount: z.int().check(z.gte(POS_AMOUNT_CENTS.min), z.lte(POS_AMOUNT_CENTS.max)),
      description: z.string().check(z.minLength(1), z.maxLength(POS_DESCRIPTION_MAX)),
    }),
  }),
  z.object({
    type: z.literal('state'),
    payload: z.object({
      displayName: z.string(),
      muted: z.boolean(),
      blurEnabled: z.boolean(),
      backgroundEnabled: z.boolean(),
    }),
  }),
]);
export type DataMessage = z.infer<typeof dataMessageSchema>;
export type DataMessageType = DataMessage['type'];

/** The value of a data message's JSON text; undefined when it is not text or not JSON. */
export function jsonOfDataPayload(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** A valid data message, or null: whatever a peer sends is checked before it is believed. */
export function toDataMessage(value: unknown): DataMessage | null {
  const parsed = dataMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
