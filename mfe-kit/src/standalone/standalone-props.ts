import { QueryClient } from '@tanstack/react-query';
import { publicCompanySchema } from '@incontra/contracts/api/company';
import { apiRequest } from '@incontra/contracts/http';
import type { MfeProps } from '@incontra/contracts/mfe';
import { isAdminPath } from '@incontra/contracts/routes';
import { shellThemeFor } from '@incontra/contracts/theme';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import { getMeQueryOptions } from '../get-me';
import { createStandaloneNotifier } from './standalone-notifier';

function navigate(path: string, options?: { replace?: boolean }): void {
  window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** What the shell would hand this remote, built from the API behind the dev server's proxy. */
export async function standaloneProps(win: Window): Promise<MfeProps> {
  const company = await apiRequest(`/api/company/${encodeURIComponent(win.location.host)}`, { schema: publicCompanySchema });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(getMeQueryOptions(company.id));
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
