import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { queryKeys } from '@incontra/contracts/query-keys';
import { hasStaffLine } from '@incontra/contracts/realtime/staff-line';
import { TEST_COMPANY, TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, requestsTo, UNAUTHORIZED } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from './test-utils';

describe('back-office layout and guard', () => {
  it('offers the tab’s staff lobby line to the pages of other remotes it frames while it is shown', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    const view = renderApp('/admin/pagamenti');
    await screen.findByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    expect(hasStaffLine()).toBe(true);
    view.unmount();
    expect(hasStaffLine()).toBe(false);
  });

  it('shows a loader while the user loads, then the layout with company, user and sections', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin');
    expect(screen.getByRole('status')).toHaveTextContent(IT.shell.loading);

    expect(await screen.findByRole('heading', { name: `${IT_BACKOFFICE.welcomeBack}, Mario Rossi` })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Demo')).toBeInTheDocument();
    expect(within(banner).getByText('Mario Rossi')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Pannello',
      'Diretta',
      'Agenda',
      'Webinar',
      'Pagamenti',
      'Utenti',
      'Punti vendita',
      'Stanze',
      'Argomenti',
      'Documenti',
      'Traduzioni',
      'Azienda',
      'Attività',
      'E-mail non consegnate',
      'Profilo',
      'Password',
      'Abbonamento',
    ]);
    expect(within(nav).getByRole('link', { name: 'Pannello' })).toHaveAttribute('aria-current', 'page');
  });

  it("offers an operator only what the role may do, and says so on a section's typed path", async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: { ...TEST_USER, role: 'operator' } } });
    renderApp('/admin/utenti');
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_MANAGEMENT.forbidden);
    const nav = screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Pannello',
      'Diretta',
      'Agenda',
      'Webinar',
      'Pagamenti',
      'Punti vendita',
      'Stanze',
      'Argomenti',
      'Documenti',
      'Traduzioni',
      'Profilo',
      'Password',
      'Abbonamento',
    ]);
  });

  it('sends a visitor without a session to the login page', async () => {
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    renderApp('/admin/profilo');
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('moves between its own sections with the router and hands the subscription to the shell', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    const { props } = renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: IT_BACKOFFICE.navLabel });

    await userEvent.click(within(nav).getByRole('link', { name: 'Profilo' }));
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.profileTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/profilo');

    const billing = within(nav).getByRole('link', { name: 'Abbonamento' });
    expect(billing).toHaveAttribute('href', '/admin/abbonamento');
    await userEvent.click(billing);
    expect(props.navigate).toHaveBeenCalledWith('/admin/abbonamento');
    expect(window.location.pathname).toBe('/admin/profilo');
  });

  it('logs out: calls the API, clears the shared user and goes to the login page', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'POST /api/logout': { status: 200, body: { ok: true } },
    });
    const { props } = renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: IT_BACKOFFICE.logout }));

    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/login');
    expect(props.queryClient.getQueryData(queryKeys.me(TEST_COMPANY.id))).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && (init as RequestInit).method === 'POST')).toBe(true);
  });

  it('keeps the user signed in and says why when logout fails', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'POST /api/logout': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: IT.errors.generic } },
    });
    const { props } = renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: IT_BACKOFFICE.logout }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: IT.errors.generic }));
    expect(window.location.pathname).toBe('/admin');
  });

  it('shows its own not-found view for an unknown back-office path, inside the layout, with the way back', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin/non-esiste');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: IT.shell.notFoundHeading })).toBeInTheDocument();
    expect(within(main).getByText(IT.shell.notFoundText)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IT_BACKOFFICE.logout })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/non-esiste');
    await waitFor(() => expect(document.title).toBe(`${TEST_COMPANY.name} ${IT.shell.notFoundTitleSuffix}`));

    await userEvent.click(within(main).getByRole('link', { name: IT_BACKOFFICE.notFoundBack }));
    expect(await screen.findByRole('heading', { name: `${IT_BACKOFFICE.welcomeBack}, Mario Rossi` })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin');
  });

  describe('the trial badge in the header', () => {
    const trial = (days: number) => testSubscription({ status: 'trialing', trialEndsAt: new Date(Date.now() + days * 86_400_000 - 3_600_000).toISOString() });

    it('shows an admin the trial days left, a link to the subscription page', async () => {
      mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, 'GET /api/subscription': { status: 200, body: trial(9) } });
      const { props } = renderApp('/admin');
      const banner = await screen.findByRole('banner');
      // Both widths' texts are in the document; CSS shows one (jsdom applies none).
      const link = await within(banner).findByRole('link', { name: new RegExp(`^${IT_BILLING_PAGES.headerTrial(9)}`) });
      expect(link).toHaveTextContent(IT_BILLING_PAGES.headerTrialShort(9));
      expect(link).toHaveTextContent(IT_BILLING_PAGES.headerTrialMore.trim());
      expect(link).toHaveAttribute('href', '/admin/abbonamento');
      await userEvent.click(link);
      expect(props.navigate).toHaveBeenCalledWith('/admin/abbonamento');
    });

    it('shows nothing for an active subscription or a trial already over', async () => {
      for (const subscription of [trial(-1), testSubscription({})]) {
        mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, 'GET /api/subscription': { status: 200, body: subscription } });
        const { props, unmount } = renderApp('/admin');
        await waitFor(() => expect(props.queryClient.getQueryData(queryKeys.subscription(TEST_COMPANY.id))).toEqual(subscription));
        expect(within(screen.getByRole('banner')).queryByRole('link')).not.toBeInTheDocument();
        unmount();
      }
    });

    it('does not read the subscription for an operator', async () => {
      const fetchMock = mockFetch({
        'GET /api/me': { status: 200, body: { ...TEST_USER, role: 'operator' } },
        'GET /api/subscription': { status: 200, body: trial(9) },
      });
      renderApp('/admin');
      await screen.findByRole('heading', { name: `${IT_BACKOFFICE.welcomeBack}, Mario Rossi` });
      expect(within(screen.getByRole('banner')).queryByRole('link')).not.toBeInTheDocument();
      expect(requestsTo(fetchMock, 'GET /api/subscription')).toHaveLength(0);
    });
  });
});
