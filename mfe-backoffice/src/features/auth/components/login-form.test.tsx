import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { queryKeys } from '@incontra/contracts/query-keys';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '@incontra/mfe-kit/testing/mock-fetch';
import { passwordInput, renderApp } from '../../../app/test-utils';

const username = () => screen.getByRole('textbox', { name: IT_BACKOFFICE.username });
const password = () => passwordInput(IT_BACKOFFICE.password);
const submit = () => screen.getByRole('button', { name: IT_BACKOFFICE.login });

describe('login', () => {
  it('does not ask for the company (the host decides it) and shows the Italian validation messages', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': UNAUTHORIZED });
    renderApp('/admin/login');
    expect(screen.getByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: IT_BACKOFFICE.company })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('demo')).not.toBeInTheDocument();

    await userEvent.click(submit());
    expect(username()).toHaveAccessibleDescription(IT.validation.usernameRequired);
    expect(password()).toHaveAccessibleDescription(IT.validation.passwordRequired);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'POST')).toBe(false);
  });

  it('says the credentials are wrong on a 401', async () => {
    mockFetch({ 'GET /api/me': UNAUTHORIZED, 'POST /api/login': UNAUTHORIZED });
    renderApp('/admin/login');
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'sbagliata');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_BACKOFFICE.wrongCredentials);
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('asks to wait after too many attempts', async () => {
    mockFetch({
      'GET /api/me': UNAUTHORIZED,
      'POST /api/login': { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: IT_BACKOFFICE.tooManyAttempts } },
    });
    renderApp('/admin/login');
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'sbagliata');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_BACKOFFICE.tooManyAttempts);
  });

  it('signs in: sends the body, stores the user for the shell and opens the back office', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': UNAUTHORIZED,
      'POST /api/login': { status: 200, body: { user: TEST_USER, csrfToken: 'csrf-token' } },
    });
    const { props } = renderApp('/admin/login');
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'Incontra2026!');
    await userEvent.click(submit());

    expect(await screen.findByRole('heading', { name: `${IT_BACKOFFICE.welcomeBack}, Mario Rossi` })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin');
    expect(props.queryClient.getQueryData(queryKeys.me(TEST_COMPANY.id))).toEqual(TEST_USER);
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/login');
    expect(JSON.parse(String((loginCall?.[1] as RequestInit).body))).toEqual({ company: 'demo', username: 'admin', password: 'Incontra2026!' });
  });

  it('sends a signed-in visitor of the login page to the back office', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin/login');
    await waitFor(() => expect(window.location.pathname).toBe('/admin'));
  });

  it('goes back to the page that asked for the sign-in (a room), never to another site', async () => {
    mockFetch({
      'GET /api/me': UNAUTHORIZED,
      'POST /api/login': { status: 200, body: { user: TEST_USER, csrfToken: 'csrf-token' } },
    });
    const { props } = renderApp('/admin/login?next=%2Froom%2F7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f');
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'Incontra2026!');
    await userEvent.click(submit());
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/room/7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f', { replace: true }));
  });

  it('ignores a next that leaves the site', async () => {
    mockFetch({
      'GET /api/me': UNAUTHORIZED,
      'POST /api/login': { status: 200, body: { user: TEST_USER, csrfToken: 'csrf-token' } },
    });
    const { props } = renderApp('/admin/login?next=%2F%2Fevil.example%2F');
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'Incontra2026!');
    await userEvent.click(submit());
    await waitFor(() => expect(window.location.pathname).toBe('/admin'));
    expect(props.navigate).not.toHaveBeenCalled();
  });
});
