import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { passwordInput, renderApp } from '../../../app/test-utils';

const BAD_TOKEN = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: IT_BACKOFFICE.resetInvalid, field: 'token' } };

describe('password reset request', () => {
  it('is reached from the login page and always answers with the same message', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 401 }, 'PUT /api/password-reset-request': { status: 200, body: { ok: true } } });
    renderApp('/admin/login');
    await userEvent.click(screen.getByRole('link', { name: IT_BACKOFFICE.forgotPassword }));
    expect(screen.getByRole('heading', { name: IT_BACKOFFICE.resetRequestTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/password-dimenticata');
    expect(screen.queryByRole('textbox', { name: IT_BACKOFFICE.company })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: IT_BACKOFFICE.email }), 'admin@demo.incontra.local');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.send }));
    expect(await screen.findByRole('status')).toHaveTextContent(IT_BACKOFFICE.resetRequestSent);
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/password-reset-request');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ company: 'demo', email: 'admin@demo.incontra.local' });
    expect(screen.getByRole('link', { name: IT_BACKOFFICE.backToLogin })).toHaveAttribute('href', '/admin/login');
  });

  it('checks the e-mail first', async () => {
    mockFetch({});
    renderApp('/admin/password-dimenticata');
    const email = screen.getByRole('textbox', { name: IT_BACKOFFICE.email });
    await userEvent.type(email, 'admin');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.send }));
    expect(email).toHaveAccessibleDescription(IT.validation.emailInvalid);
  });
});

describe('password reset', () => {
  it('says the link is invalid when it carries no token', () => {
    mockFetch({});
    renderApp('/admin/reimposta-password');
    expect(screen.getByRole('alert')).toHaveTextContent(IT_BACKOFFICE.resetInvalid);
    expect(screen.getByRole('link', { name: IT_BACKOFFICE.requestNewLink })).toHaveAttribute('href', '/admin/password-dimenticata');
  });

  it('refuses two different passwords', async () => {
    const fetchMock = mockFetch({});
    renderApp('/admin/reimposta-password?token=abc');
    await userEvent.type(passwordInput(IT_BACKOFFICE.newPassword), 'NuovaPassword1');
    await userEvent.type(passwordInput(IT_BACKOFFICE.confirmPassword), 'NuovaPassword2');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
    expect(passwordInput(IT_BACKOFFICE.confirmPassword)).toHaveAccessibleDescription(IT_BACKOFFICE.passwordsDiffer);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the new password with the token and leads back to the login', async () => {
    const fetchMock = mockFetch({ 'POST /api/password-reset': { status: 200, body: { ok: true } } });
    renderApp('/admin/reimposta-password?token=abc');
    await userEvent.type(passwordInput(IT_BACKOFFICE.newPassword), 'NuovaPassword1');
    await userEvent.type(passwordInput(IT_BACKOFFICE.confirmPassword), 'NuovaPassword1');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(IT_BACKOFFICE.resetDone);
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({ token: 'abc', password: 'NuovaPassword1' });
    await userEvent.click(screen.getByRole('link', { name: IT_BACKOFFICE.backToLogin }));
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('says the link is invalid when the API refuses the token', async () => {
    mockFetch({ 'POST /api/password-reset': BAD_TOKEN });
    renderApp('/admin/reimposta-password?token=usato');
    await userEvent.type(passwordInput(IT_BACKOFFICE.newPassword), 'NuovaPassword1');
    await userEvent.type(passwordInput(IT_BACKOFFICE.confirmPassword), 'NuovaPassword1');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_BACKOFFICE.resetInvalid);
  });
});
