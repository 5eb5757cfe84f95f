// Brings jest-dom's matcher types into this package's type check (the runtime setup is tooling/jest-dom-setup.ts).
import '@testing-library/jest-dom';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import type { MfeProps } from '@incontra/contracts/mfe';
import { shellThemeFor } from '@incontra/contracts/theme';
import { App } from './app';

export const TEST_COMPANY: PublicCompany = {
  id: '0b7c2f4e-6a51-4d3e-9a8f-1c2d3e4f5a6b',
  name: 'Demo',
  slug: 'demo',
  primaryColor: '#f5a623',
  theme: 'easy',
  logo: null,
  privacyPolicy: null,
  tosPolicy: null,
  wall: null,
  settings: {},
};

export type TestMfeProps = MfeProps & {
  navigate: jest.Mock;
  notify: { show: jest.Mock; update: jest.Mock; hide: jest.Mock };
};

/** MfeProps as the shell would build them for the fixture company, with spies for its callbacks. */
export function buildMfeProps(overrides: Partial<MfeProps> = {}): TestMfeProps {
  const company = overrides.company ?? TEST_COMPANY;
  return {
    contractVersion: CONTRACT_VERSION,
    company,
    theme: shellThemeFor(company),
    adminContext: false,
    storeContext: { store: null, translations: [] },
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    analytics: { push: jest.fn() },
    ...overrides,
    navigate: jest.fn(),
    notify: { show: jest.fn(() => 'toast-1'), update: jest.fn(), hide: jest.fn() },
  };
}

/** Renders the whole remote at `path`, as single-spa would mount it there. */
export function renderApp(path: string, props: TestMfeProps = buildMfeProps()) {
  window.history.pushState({}, '', path);
  return { props, ...render(<App {...props} />) };
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

type Handler = FakeReply | ((request: { url: string; init: RequestInit; body: unknown }) => FakeReply);

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
    const reply = typeof handler === 'function' ? handler({ url, init, body }) : (handler ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } });
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
