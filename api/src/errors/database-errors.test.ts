import { isDatabaseUnavailable } from './database-errors';

// The configured timeouts (db/database-timeouts.ts) answer 503 like an outage; a defect stays a 500.
describe('isDatabaseUnavailable and the timeouts', () => {
  it.each([
    ['statement_timeout', { message: 'Failed query', cause: { code: '57014' } }, true],
    ['lock_timeout', { message: 'Failed query', cause: { code: '55P03' } }, true],
    ['idle_in_transaction_session_timeout', { code: '25P03' }, true],
    ['an answer not in time (query_timeout)', { message: 'Failed query', cause: new Error('Query read timeout') }, true],
    ['a new connection not ready in time', new Error('timeout expired'), true],
    ['no pooled connection free in time', new Error('timeout exceeded when trying to connect'), true],
    ['a syntax error', { message: 'Failed query', cause: { code: '42601' } }, false],
    ['a word of ours that mentions a timeout', new Error('reminder timeout expired for booking'), false],
  ])('%s → %s', (_what, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
