import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY, TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../test-utils';

const T = IT_LOCKOUT.backoffice;
const suspended = () => buildMfeProps({ company: { ...TEST_COMPANY, serviceSuspended: true }, adminContext: true });
const OPERATOR = { ...TEST_USER, role: 'operator' as const };

const navLinks = () =>
  within(screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back office open only for billing', () => {
  it('offers an admin only the subscription, and any other page says why with the way there, by keyboard', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    const { props } = renderApp('/admin/utenti', suspended());
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: T.adminTitle })).toBeInTheDocument();
    expect(within(main).getByText(T.adminText)).toBeInTheDocument();
    expect(navLinks()).toEqual(['Abbonamento']);
    // Nothing of the users' page was asked for.
    expect(requestsTo(fetchMock, 'GET /api/users')).toHaveLength(0);

    const toBilling = within(main).getByRole('link', { name: T.toBilling });
    expect(toBilling).toHaveAttribute('href', '/admin/abbonamento');
    toBilling.focus();
    await userEvent.keyboard('{Enter}');
    expect(props.navigate).toHaveBeenCalledWith('/admin/abbonamento');
  });

  it('shows the notice on the dashboard too, and neither asks for the live queue nor holds its line', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin', suspended());
    expect(await screen.findByRole('heading', { level: 1, name: T.adminTitle })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/bo/join-requests')).toHaveLength(0);
  });

  it("opens again for an admin as soon as the subscription's own read says it is active (after paying)", async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, 'GET /api/subscription': { status: 200, body: testSubscription({ billingOnly: false }) } });
    renderApp('/admin/utenti', suspended());
    expect(await screen.findByRole('link', { name: 'Utenti' })).toBeInTheDocument();
    expect(screen.queryByText(T.adminText)).not.toBeInTheDocument();
  });

  it('tells an operator that an admin must renew, leaving their profile and password', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 200, body: OPERATOR } });
    renderApp('/admin/agenda', suspended());
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: T.operatorTitle })).toBeInTheDocument();
    expect(within(main).getByText(T.operatorText)).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: T.toBilling })).not.toBeInTheDocument();
    expect(navLinks()).toEqual(['Profilo', 'Password']);
    // The operator cannot read the subscription then: not asked.
    expect(requestsTo(fetchMock, 'GET /api/subscription')).toHaveLength(0);

    await userEvent.click(screen.getByRole('link', { name: 'Profilo' }));
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.profileTitle })).toBeInTheDocument();
    expect(screen.queryByText(T.operatorText)).not.toBeInTheDocument();
  });

  it('changes nothing while the service is not suspended', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin', buildMfeProps({ company: { ...TEST_COMPANY, serviceSuspended: false }, adminContext: true }));
    expect(await screen.findByRole('heading', { name: `${IT_BACKOFFICE.welcomeBack}, Mario Rossi` })).toBeInTheDocument();
    expect(navLinks()).toContain('Utenti');
  });
});
