import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { cssVariablesFor, mantineThemeFor } from '@incontra/contracts/mantine-theme';
import type { RemoteName } from '@incontra/contracts/routes';
import { shellThemeFor } from '@incontra/contracts/theme';
import { getMeQueryOptions } from '@incontra/mfe-kit/get-me';
import { MANTINE_ENV } from '@incontra/mfe-kit/mantine-env';
import { companyQueryOptions, isCompanyNotFound } from '../boot/company-query';
import type { NotificationsSlot } from '../notifications/notifications-slot';
import { ShellNotifications } from '../notifications/shell-notifications';
import type { RemoteStatus } from '../remotes/remote-status';
import { CookieBanner } from './cookie-banner';
import { ShellOutlet } from './shell-outlet';

export interface ShellChromeProps {
  host: string;
  initialCompany: PublicCompany;
  queryClient: QueryClient;
  notificationsSlot: NotificationsSlot;
  remoteStatus: RemoteStatus;
  onRetry: (remote: RemoteName) => void;
  /** Hidden while the shell shows a full-page error over the remotes. */
  appsRoot: HTMLElement | null;
}

function Chrome({ host, initialCompany, notificationsSlot, remoteStatus, onRetry, appsRoot }: Omit<ShellChromeProps, 'queryClient'>) {
  const { data: company, error } = useQuery(companyQueryOptions(host, initialCompany));
  // Observed here so that a remote invalidating the user after sign-in or sign-out refetches it.
  useQuery(getMeQueryOptions(company.id));
  const companyMissing = isCompanyNotFound(error);
  const theme = useMemo(() => mantineThemeFor(shellThemeFor(company)), [company]);
  useEffect(() => {
    if (appsRoot) appsRoot.hidden = companyMissing;
  }, [appsRoot, companyMissing]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesFor} env={MANTINE_ENV}>
      <ShellNotifications slot={notificationsSlot} />
      <ShellOutlet companyName={company.name} companyMissing={companyMissing} remoteStatus={remoteStatus} onRetry={onRetry} />
      <CookieBanner company={company} />
    </MantineProvider>
  );
}

/** The shell's own React root: toasts, the shell's full-page views and the cookie banner. */
export function ShellChrome({ queryClient, ...props }: ShellChromeProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Chrome {...props} />
    </QueryClientProvider>
  );
}
