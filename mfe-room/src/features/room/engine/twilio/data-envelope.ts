import { jsonOfDataPayload, toDataMessage, type DataMessage } from '@incontra/contracts/room/data-messages';

/**
 * A Twilio data track reaches every participant. A message meant for one travels wrapped as
 * `{ to, message }` and everyone else drops it; a message for all travels bare. This is a courtesy
 * of well-behaved clients, not secrecy: nothing private goes through addressed messages.
 */
export function encodeDataMessage(message: DataMessage, to?: string): string {
  return JSON.stringify(to === undefined ? message : { to, message });
}

function isAddressed(value: unknown): value is { to: unknown; message: unknown } {
  return typeof value === 'object' && value !== null && 'to' in value && 'message' in value;
}

/** A received message, or null when it is not text, not valid, or addressed to someone else. */
export function decodeDataMessage(raw: unknown, self: string): DataMessage | null {
  const json = jsonOfDataPayload(raw);
  if (!isAddressed(json)) return toDataMessage(json);
  return json.to === self ? toDataMessage(json.message) : null;
}
