/**
 * What a failed database call means for the client. The drivers wrap their errors (drizzle's
 * "Failed query" keeps the driver's error as `cause`), so the whole chain is read.
 */

/**
 * SQLSTATEs that mean "the database cannot serve this call right now": connection exceptions (but
 * not 08P01, a protocol violation: a defect of ours), shutdowns, too many connections, and the
 * configured timeouts (db/database-timeouts.ts): a statement cancelled after statement_timeout
 * (57014), a lock not granted within lock_timeout (55P03), a session ended after
 * idle_in_transaction_session_timeout (25P03). The client may try again later.
 */
const UNAVAILABLE_STATES = /^(08000|08001|08003|08004|08006|57P0[123]|53300|57014|55P03|25P03)$/;
/** Node's socket errors while connecting or talking to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * node-postgres says these in words only: a connection lost or refused, no pooled connection free
 * in time, a new connection not ready in time ('timeout expired'), an answer that did not come in
 * time ('Query read timeout': the connection is then dropped, see db/database.ts).
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly|^timeout expired$|^Query read timeout$/i;
/** A character the database cannot store (NUL in text, or not in the encoding). */
const BAD_CHARACTER_STATES = new Set(['22021', '22P05']);

function chain(error: unknown): { code?: unknown; message?: unknown }[] {
  const links: { code?: unknown; message?: unknown }[] = [];
  let current = error;
  while (current !== null && typeof current === 'object' && links.length < 8) {
    links.push(current as { code?: unknown; message?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  return links;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
  });
}

export function isBadCharacter(error: unknown): boolean {
  return chain(error).some(({ code }) => typeof code === 'string' && BAD_CHARACTER_STATES.has(code));
}

/** An exclusion constraint refused the row (23P01): a place already held, for reservations. */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  return chain(error).some((link) => link.code === '23P01' && (constraint === undefined || (link as { constraint?: unknown }).constraint === constraint));
}
