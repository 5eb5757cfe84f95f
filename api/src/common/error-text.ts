/** Servers and providers may answer at length (Twilio's errors carry a documentation link): an outbox row keeps this much. */
export const ERROR_TEXT_MAX_LENGTH = 500;

/** A failed delivery's error as an outbox row (e-mail, SMS) keeps it: its message, cut with an ellipsis. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > ERROR_TEXT_MAX_LENGTH ? `${text.slice(0, ERROR_TEXT_MAX_LENGTH - 1)}…` : text;
}
