/**
 * How long a call to PostgreSQL may take at most, so that a request either completes or fails
 * with 503 within a bound, whatever the database or the network does (PGlite runs in the process:
 * none of this applies to it).
 */
export interface DatabaseTimeouts {
  /** Opening a new connection, up to its first `ReadyForQuery` (TCP, TLS, start-up, authentication). */
  connectMs: number;
  /** Waiting for a pooled connection when all are busy. */
  poolWaitMs: number;
  /**
   * PostgreSQL cancels a statement running longer (`statement_timeout`); the API itself stops
   * waiting for an answer ANSWER_MARGIN_MS later and drops the connection (a partition: the
   * server's cancellation cannot reach it).
   */
  statementMs: number;
  /** Waiting for a row or advisory lock (`lock_timeout`). */
  lockMs: number;
  /**
   * PostgreSQL ends a session left inside a transaction this long (`idle_in_transaction_session_timeout`):
   * a client lost in a partition does not keep its locks.
   */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 2000,
  poolWaitMs: 5000,
  statementMs: 5000,
  lockMs: 3000,
  idleInTransactionMs: 10_000,
};

/**
 * The API waits this much longer than `statement_timeout` before it gives an answer up itself,
 * so that while the server is reachable its own cancellation (which keeps the connection) comes first.
 */
export const ANSWER_MARGIN_MS = 500;
