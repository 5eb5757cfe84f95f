import { dataMessageSchema, type DataMessage } from '@incontra/contracts/room/data-messages';

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
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (isAddressed(json)) {
    if (json.to !== self) return null;
    json = json.message;
  }
  const parsed = dataMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
