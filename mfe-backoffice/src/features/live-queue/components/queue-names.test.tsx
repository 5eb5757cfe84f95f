import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { staffRequest } from '../realtime/testing/fake-lobby-socket';
import { fakeAlerts, renderLiveQueue } from '../testing/live-queue-harness';

/*
 * The API refuses markup in names it receives now, but rows stored before (or names from other
 * sources) may still hold some: the queue shows whatever it gets as text, never as HTML.
 */

const staff = IT_LOBBY.staff;
const HOSTILE = '<img src=x onerror=alert(1)>';

beforeEach(() => mockFetch({ 'GET /api/bo/join-requests': { status: 200, body: { requests: [] } } }));

describe('names in the live queue', () => {
  it('are rendered as literal text: no element is created from them', async () => {
    const request = staffRequest({ name: HOSTILE, storeName: '<b>Milano</b>' });
    const { server, container } = renderLiveQueue();
    server.welcome([request]);

    const item = screen.getByTestId('queue-item');
    expect(within(item).getByTestId('queue-item-name').textContent).toBe(HOSTILE);
    expect(within(item).getByTestId('queue-item-store').textContent).toBe('<b>Milano</b>');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(within(item).getByRole('group', { name: staff.actionsFor(HOSTILE) })).toBeInTheDocument();

    // The reply dialog names the visitor the same way.
    await userEvent.click(within(item).getByRole('button', { name: staff.reject }));
    expect(await screen.findByRole('dialog', { name: staff.rejectTitle(HOSTILE) })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('reach the browser notification as plain text (the Notification API never renders HTML)', () => {
    const { server, alerts } = renderLiveQueue(fakeAlerts({ hidden: true }));
    server.welcome();
    const request = staffRequest({ name: HOSTILE });
    server.request(request);
    expect(alerts.showNotification).toHaveBeenCalledWith(staff.notificationTitle, `${HOSTILE} vuole parlare con Milano Centro`, request.id);
  });

  it('put a reservation’s appointment time, on the company’s clock, before the name', () => {
    const { server } = renderLiveQueue();
    // 09:30Z is 10:30 in Rome (the test company's zone) on 2 March.
    server.welcome([staffRequest({ name: 'Mario Rossi', source: 'reservation', appointment: { startsAt: '2026-03-02T09:30:00.000Z' } })]);
    const item = screen.getByTestId('queue-item');
    expect(within(item).getByTestId('queue-item-appointment').parentElement!.textContent).toBe('Appuntamento 10:30 · Mario Rossi');
    expect(within(item).queryByText(staff.source.reservation)).toBeNull();
  });
});
