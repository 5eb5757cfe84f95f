import type { QueryClient } from '@tanstack/react-query';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { Analytics, MfeProps, Notifier, StoreContext } from '@incontra/contracts/mfe';
import { isAdminPath } from '@incontra/contracts/routes';
import { shellThemeFor } from '@incontra/contracts/theme';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import { navigate } from '../routing/navigate';

export interface ShellServices {
  queryClient: QueryClient;
  notify: Notifier;
  analytics: Analytics;
  storeContext: StoreContext;
  preload(path: string): void;
}

/** The typed props a remote receives at every lifecycle call, for the path being shown. */
export function buildMfeProps(company: PublicCompany, services: ShellServices, pathname: string): MfeProps {
  return {
    contractVersion: CONTRACT_VERSION,
    company,
    theme: shellThemeFor(company),
    adminContext: isAdminPath(pathname),
    storeContext: services.storeContext,
    queryClient: services.queryClient,
    notify: services.notify,
    navigate,
    analytics: services.analytics,
    preload: services.preload,
  };
}
