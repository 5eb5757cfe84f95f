import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { queryKeys } from '@incontra/contracts/query-keys';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const email = () => screen.getByRole('textbox', { name: IT_BACKOFFICE.email });
const firstName = () => screen.getByRole('textbox', { name: IT_BACKOFFICE.firstName });

describe('profile', () => {
  it('saves the edited profile, updates the shared user and shows a success toast', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'PUT /api/me': ({ body }) => ({ status: 200, body: { ...TEST_USER, ...(body as object) } }),
    });
    const { props } = renderApp('/admin/profilo');
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.profileTitle })).toBeInTheDocument();
    expect(email()).toHaveValue(TEST_USER.email);

    await userEvent.clear(email());
    await userEvent.type(email(), 'mario.rossi@demo.incontra.local');
    await userEvent.clear(firstName());
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_BACKOFFICE.profileSaved }));
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/me' && (init as RequestInit).method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit).body))).toEqual({ email: 'mario.rossi@demo.incontra.local', firstName: null, lastName: 'Rossi' });
    expect(props.queryClient.getQueryData(queryKeys.me(TEST_COMPANY.id))).toMatchObject({ email: 'mario.rossi@demo.incontra.local', firstName: null });
  });

  it('checks the e-mail before sending and shows the API field error on a conflict', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'PUT /api/me': { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT.validation.emailTaken, field: 'email' } },
    });
    renderApp('/admin/profilo');
    await screen.findByRole('heading', { name: IT_BACKOFFICE.profileTitle });

    await userEvent.clear(email());
    await userEvent.type(email(), 'non-una-mail');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
    expect(email()).toHaveAccessibleDescription(IT.validation.emailInvalid);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'PUT')).toBe(false);

    await userEvent.clear(email());
    await userEvent.type(email(), 'altro@demo.incontra.local');
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.save }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription(IT.validation.emailTaken));
  });
});
