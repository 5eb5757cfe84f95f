export interface FakeReply {
  status: number;
  body?: unknown;
}

type Handler = FakeReply | ((request: { url: string; init: RequestInit; body: unknown }) => FakeReply);

/** The API's answer to a request without a valid session. */
export const UNAUTHORIZED: FakeReply = { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } };

/**
 * Replaces `fetch` at the network boundary: each `'METHOD /path'` answers its reply; anything else
 * is a 404 so that an unexpected call shows up in the test.
 */
export function mockFetch(handlers: Record<string, Handler>): jest.Mock {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = new URL(url, window.location.origin).pathname;
    const handler = handlers[`${init.method ?? 'GET'} ${path}`];
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply =
      typeof handler === 'function'
        ? handler({ url, init, body })
        : (handler ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } });
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** A request `fetch` was asked for: its URL (resolved against the page) and its options. */
export interface SentRequest {
  url: URL;
  init: RequestInit;
}

/** The requests `fetchMock` was asked for at `'METHOD /path'` (whatever their query string), in order. */
export function requestsTo(fetchMock: jest.Mock, line: string): SentRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), window.location.origin), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => `${init.method ?? 'GET'} ${url.pathname}` === line);
}

/** The JSON bodies sent to `'METHOD /path'`, in order (null for a request without one). */
export function bodiesSentTo(fetchMock: jest.Mock, line: string): unknown[] {
  return requestsTo(fetchMock, line).map(({ init }) => JSON.parse(String(init.body ?? 'null')) as unknown);
}
