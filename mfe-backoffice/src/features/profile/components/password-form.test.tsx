import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { passwordInput, renderApp } from '../../../app/test-utils';

async function fill(current: string, next: string, confirm: string) {
  await screen.findByRole('heading', { name: IT_BACKOFFICE.passwordTitle });
  await userEvent.type(passwordInput(IT_BACKOFFICE.currentPassword), current);
  await userEvent.type(passwordInput(IT_BACKOFFICE.newPassword), next);
  await userEvent.type(passwordInput(IT_BACKOFFICE.confirmPassword), confirm);
  await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
}

describe('password change', () => {
  it('refuses two different new passwords without calling the API', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin/password');
    await fill('Incontra2026!', 'NuovaPassword1', 'NuovaPassword2');
    expect(passwordInput(IT_BACKOFFICE.confirmPassword)).toHaveAccessibleDescription(IT_BACKOFFICE.passwordsDiffer);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'PUT')).toBe(false);
  });

  it('refuses a short new password with the contract message', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin/password');
    await fill('Incontra2026!', 'corta', 'corta');
    expect(passwordInput(IT_BACKOFFICE.newPassword)).toHaveAccessibleDescription(IT.validation.passwordTooShort);
  });

  it('marks the current password when the API says it is wrong (422)', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'PUT /api/me/update-password': {
        status: 422,
        body: { statusCode: 422, error: 'Unprocessable Entity', message: IT_BACKOFFICE.wrongCurrentPassword, field: 'currentPassword' },
      },
    });
    renderApp('/admin/password');
    await fill('sbagliata', 'NuovaPassword1', 'NuovaPassword1');
    await waitFor(() => expect(passwordInput(IT_BACKOFFICE.currentPassword)).toHaveAccessibleDescription(IT_BACKOFFICE.wrongCurrentPassword));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('changes the password, clears the form and confirms with a toast', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'PUT /api/me/update-password': { status: 200, body: { ok: true } },
    });
    const { props } = renderApp('/admin/password');
    await fill('Incontra2026!', 'NuovaPassword1', 'NuovaPassword1');
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_BACKOFFICE.passwordChanged }));
    expect(passwordInput(IT_BACKOFFICE.currentPassword)).toHaveValue('');
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/me/update-password');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ currentPassword: 'Incontra2026!', newPassword: 'NuovaPassword1' });
  });
});
