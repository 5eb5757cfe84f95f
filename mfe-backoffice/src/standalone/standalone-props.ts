import { QueryClient } from '@tanstack/react-query';
import { meSchema, type Me } from '@incontra/contracts/api/auth';
import { publicCompanySchema } from '@incontra/contracts/api/company';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import type { MfeProps } from '@incontra/contracts/mfe';
import { queryKeys } from '@incontra/contracts/query-keys';
import { isAdminPath } from '@incontra/contracts/routes';
import { shellThemeFor } from '@incontra/contracts/theme';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import { createStandaloneNotifier } from './standalone-notifier';

async function fetchMe(): Promise<Me | null> {
  try {
    return await apiRequest('/api/me', { schema: meSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

function navigate(path: string, options?: { replace?: boolean }): void {
  window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** What the shell would hand this remote, built from the API behind the dev server's proxy. */
export async function standaloneProps(win: Window): Promise<MfeProps> {
  const company = await apiRequest(`/api/company/${encodeURIComponent(win.location.host)}`, { schema: publicCompanySchema });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery({ queryKey: queryKeys.me(company.id), queryFn: fetchMe, retry: false });
  const dataLayer: unknown[] = [];
  return {
    contractVersion: CONTRACT_VERSION,
    company,
    theme: shellThemeFor(company),
    adminContext: isAdminPath(win.location.pathname),
    storeContext: { store: null, translations: [] },
    queryClient,
    notify: createStandaloneNotifier(win.document),
    navigate,
    analytics: { push: (event) => void dataLayer.push(event) },
  };
}
