import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UndeliveredMail } from '@incontra/contracts/api/mail';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { ROUTES } from '@incontra/contracts/routes';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const T = IT_BACKOFFICE.undeliveredMail;
const LIST = 'GET /api/bo/mail/undelivered';
const RETRYING_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const FAILED_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const retryPath = (id: string) => `POST /api/bo/mail/undelivered/${id}/retry`;

/** Retrying at 10:15 in Rome (09:15 UTC), third attempt so far. */
const RETRYING: UndeliveredMail = {
  id: RETRYING_ID,
  to: 'mario.rossi@example.it',
  subject: 'Conferma del tuo appuntamento',
  createdAt: '2026-11-24T09:00:00.000Z',
  attempts: 3,
  error: '451 4.3.0 Mailbox temporarily unavailable',
  nextAttemptAt: '2026-11-24T09:15:00.000Z',
  failedAt: null,
  sentAt: null,
};
/** Given up after eight attempts. */
const FAILED: UndeliveredMail = {
  id: FAILED_ID,
  to: 'anna@example.it',
  subject: 'Invito alla videochiamata',
  createdAt: '2026-11-23T16:30:00.000Z',
  attempts: 8,
  error: '550 5.1.1 User unknown',
  nextAttemptAt: null,
  failedAt: '2026-11-24T08:00:00.000Z',
  sentAt: null,
};

const ok = (body: unknown): FakeReply => ({ status: 200, body });

function fakeApi(handlers: Parameters<typeof mockFetch>[0]) {
  return mockFetch({ 'GET /api/me': ok(TEST_USER), ...handlers });
}

async function openPage() {
  const rendered = renderApp(ROUTES.undeliveredMail);
  await screen.findByRole('heading', { level: 1, name: IT_BACKOFFICE.nav.undeliveredMail });
  return rendered;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('E-mail non consegnate', () => {
  it('lists each e-mail with recipient, subject, when, attempts, last error and state, in the navigation for admins', async () => {
    fakeApi({ [LIST]: ok({ messages: [RETRYING, FAILED] }) });
    await openPage();
    const table = await screen.findByRole('table', { name: T.caption });
    const [retrying, failed] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(retrying!)).toEqual([
      'mario.rossi@example.it',
      'Conferma del tuo appuntamento',
      '24/11/2026, 10:00:00',
      '3',
      '451 4.3.0 Mailbox temporarily unavailable',
      T.nextAttempt('10:15'),
      T.retry,
    ]);
    expect(cellsOf(failed!)).toEqual([
      'anna@example.it',
      'Invito alla videochiamata',
      '23/11/2026, 17:30:00',
      '8',
      '550 5.1.1 User unknown',
      T.failed,
      T.retry,
    ]);
    expect(screen.getByRole('link', { name: IT_BACKOFFICE.nav.undeliveredMail })).toHaveAttribute('href', ROUTES.undeliveredMail);
    expect(document.title).toContain(IT_BACKOFFICE.nav.undeliveredMail);
  });

  it('retries one e-mail, says it went, and reads the list again', async () => {
    let listed = [RETRYING, FAILED];
    const fetchMock = fakeApi({
      [LIST]: () => ok({ messages: listed }),
      [retryPath(FAILED_ID)]: () => {
        listed = [RETRYING];
        return ok({ ...FAILED, attempts: 9, sentAt: '2026-11-24T09:05:00.000Z' });
      },
    });
    const { props } = await openPage();
    const table = await screen.findByRole('table', { name: T.caption });
    await userEvent.click(within(table).getByRole('button', { name: T.retryLabel(FAILED.to, FAILED.subject) }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.retrySent(FAILED.to) }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).queryByText(FAILED.subject)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/retry'))).toHaveLength(1);
  });

  it('says so when the retry did not deliver it either', async () => {
    fakeApi({ [LIST]: ok({ messages: [FAILED] }), [retryPath(FAILED_ID)]: ok({ ...FAILED, attempts: 9 }) });
    const { props } = await openPage();
    await userEvent.click(await screen.findByRole('button', { name: T.retryLabel(FAILED.to, FAILED.subject) }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: T.retryFailed(FAILED.to) }));
  });

  it('says when there is nothing undelivered', async () => {
    fakeApi({ [LIST]: ok({ messages: [] }) });
    await openPage();
    expect(await screen.findByText(T.empty)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed read with a retry that reads it again', async () => {
    let fail = true;
    fakeApi({
      [LIST]: () =>
        fail ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore del server.' } } : ok({ messages: [FAILED] }),
    });
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    expect(await screen.findByRole('table', { name: T.caption })).toBeInTheDocument();
  });
});
