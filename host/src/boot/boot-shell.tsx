import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { InitialShellData } from '@incontra/contracts/initial-data';
import { queryKeys } from '@incontra/contracts/query-keys';
import { getMeQueryOptions } from '@incontra/mfe-kit/get-me';
import { createAnalytics } from '../analytics/data-layer';
import { createPageViewTracker } from '../analytics/page-view-tracker';
import { settledUser } from '../analytics/settled-user';
import { BootErrorChrome } from '../chrome/boot-error-chrome';
import { ShellChrome } from '../chrome/shell-chrome';
import { createNotificationsSlot } from '../notifications/notifications-slot';
import { createNotifier } from '../notifications/notifier';
import { APPS_ROOT_ID } from '../remotes/app-container';
import { createRemoteStatus } from '../remotes/remote-status';
import { fetchRemotesManifest } from '../remotes/remotes-manifest';
import { registerRemoteApps, type RemoteApps } from '../remotes/register-remote-apps';
import { createPreload } from '../remotes/preload-remote';
import { createHeadingFocus } from '../routing/heading-focus';
import { companyQueryOptions } from './company-query';
import { dropFirstPaint, watchFirstPaint } from './first-paint';
import { buildMfeProps } from './mfe-props';
import { createShellQueryClient } from './query-client';
import { readInitialData } from './read-initial-data';
import { loadStoreContext, primePublicConfig } from './store-context';

export const CHROME_ROOT_ID = 'incontra-chrome';

function chromeElement(doc: Document): HTMLElement {
  const existing = doc.getElementById(CHROME_ROOT_ID);
  if (existing) return existing;
  const element = doc.createElement('div');
  element.id = CHROME_ROOT_ID;
  doc.body.appendChild(element);
  return element;
}

/**
 * ARCHITECTURE §2: read the inlined company, load the user, read /remotes.json, register one
 * single-spa application per remote and start routing. The chrome renders from the first moment.
 */
export async function bootShell(win: Window): Promise<void> {
  const doc = win.document;
  const root = createRoot(chromeElement(doc));
  let initial: InitialShellData;
  try {
    initial = readInitialData(doc);
  } catch {
    dropFirstPaint(doc);
    root.render(<BootErrorChrome company={null} />);
    return;
  }

  const host = win.location.host;
  const queryClient = createShellQueryClient();
  if (initial.publicConfig) primePublicConfig(queryClient, initial.company.id, initial.publicConfig);
  void queryClient.prefetchQuery(getMeQueryOptions(initial.company.id));
  const notificationsSlot = createNotificationsSlot();
  const notify = createNotifier(() => import('@mantine/notifications'), notificationsSlot);
  const analytics = createAnalytics(win);
  const remoteStatus = createRemoteStatus();
  let remoteApps: RemoteApps | null = null;
  watchFirstPaint(win, { appsRoot: doc.getElementById(APPS_ROOT_ID), pageFailed: () => remoteStatus.failed().size > 0 });

  // A transition: React renders the chrome in slices, leaving the main thread free in between.
  startTransition(() =>
    root.render(
      <ShellChrome
        host={host}
        initialCompany={initial.company}
        queryClient={queryClient}
        notificationsSlot={notificationsSlot}
        remoteStatus={remoteStatus}
        onRetry={(remote) => void remoteApps?.retry(remote)}
        appsRoot={doc.getElementById(APPS_ROOT_ID)}
      />,
    ),
  );

  const currentCompany = (): PublicCompany => queryClient.getQueryData<PublicCompany>(queryKeys.companyByHost(host)) ?? initial.company;
  try {
    // The remotes mount with the company as the API answers now, not only as the page was rendered:
    // its revalidation (which the chrome starts anyway, the same request) is awaited beside the
    // manifest, so a change since the render (a suspended service) reaches their first render; a
    // remote's props are read at its lifecycle calls, not pushed later. The inlined company stands
    // in when the read fails (the chrome shows that failure).
    const [manifest, storeContext] = await Promise.all([
      fetchRemotesManifest(),
      loadStoreContext(queryClient, initial.company.id, win.location.search, initial.publicConfig),
      queryClient.fetchQuery(companyQueryOptions(host, initial.company)).catch(() => initial.company),
    ]);
    const services = { queryClient, notify, analytics, storeContext, preload: createPreload() };
    remoteApps = registerRemoteApps({
      manifest,
      status: remoteStatus,
      doc,
      propsFor: (location) => buildMfeProps(currentCompany(), services, location.pathname),
    });
  } catch {
    dropFirstPaint(doc);
    root.render(<BootErrorChrome company={currentCompany()} />);
    return;
  }

  const trackPageView = createPageViewTracker({
    analytics,
    currentUser: () => settledUser(queryClient, initial.company.id),
    title: () => doc.title,
  });
  void trackPageView(win.location.pathname);
  win.addEventListener('single-spa:routing-event', () => void trackPageView(win.location.pathname));
  const focusHeading = createHeadingFocus(doc);
  win.addEventListener('single-spa:routing-event', () => focusHeading(win.location.pathname));
  start({ urlRerouteOnly: true });
}
