import { QueryClient } from '@tanstack/react-query';
import type { MfeProps } from '@incontra/contracts/mfe';
import { shellThemeFor } from '@incontra/contracts/theme';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import { TEST_COMPANY } from './fixtures';

export type TestMfeProps = MfeProps & {
  navigate: jest.Mock;
  preload: jest.Mock;
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
    preload: jest.fn(),
    notify: { show: jest.fn(() => 'toast-1'), update: jest.fn(), hide: jest.fn() },
  };
}
