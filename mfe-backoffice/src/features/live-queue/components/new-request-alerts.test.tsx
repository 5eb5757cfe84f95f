import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { SOUND_STORAGE_KEY } from '../hooks/use-sound-preference';
import { staffRequest } from '../realtime/testing/fake-lobby-socket';
import { fakeAlerts, renderLiveQueue } from '../testing/live-queue-harness';

const staff = IT_LOBBY.staff;

beforeEach(() => mockFetch({ 'GET /api/bo/join-requests': { status: 200, body: { requests: [] } } }));
afterEach(() => window.localStorage.clear());

describe('alerts for new requests', () => {
  it('chimes for a request that newly appears, not for the first queue nor for changes', () => {
    const waiting = staffRequest();
    const { server, alerts } = renderLiveQueue();
    server.welcome([waiting]);
    expect(alerts.playChime).not.toHaveBeenCalled();

    server.request({ ...waiting, status: 'busy' });
    expect(alerts.playChime).not.toHaveBeenCalled();
    server.request(staffRequest({ name: 'Anna' }));
    expect(alerts.playChime).toHaveBeenCalledTimes(1);
  });

  it('is muted with the sound toggle, and the choice is remembered', async () => {
    const first = renderLiveQueue();
    first.server.welcome();
    const toggle = screen.getByTestId('sound-toggle');
    expect(toggle).toHaveTextContent(staff.soundOn);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveTextContent(staff.soundOff);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(SOUND_STORAGE_KEY)).toBe('off');
    first.server.request(staffRequest());
    expect(first.alerts.playChime).not.toHaveBeenCalled();
    first.unmount();

    const second = renderLiveQueue();
    second.server.welcome();
    expect(screen.getByTestId('sound-toggle')).toHaveTextContent(staff.soundOff);
    second.server.request(staffRequest());
    expect(second.alerts.playChime).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('sound-toggle'));
    second.server.request(staffRequest());
    expect(second.alerts.playChime).toHaveBeenCalledTimes(1);
  });

  it('shows a browser notification only while the tab is in the background', () => {
    const visible = renderLiveQueue(fakeAlerts({ hidden: false }));
    visible.server.welcome();
    visible.server.request(staffRequest());
    expect(visible.alerts.showNotification).not.toHaveBeenCalled();
    visible.unmount();

    const hidden = renderLiveQueue(fakeAlerts({ hidden: true }));
    hidden.server.welcome();
    const anna = staffRequest({ name: 'Anna', storeName: 'Roma Prati' });
    hidden.server.request(anna);
    expect(hidden.alerts.showNotification).toHaveBeenCalledWith(staff.notificationTitle, staff.notificationBody('Anna', 'Roma Prati'), anna.id);
    expect(hidden.alerts.playChime).toHaveBeenCalledTimes(1);
  });

  it('does not notify when notifications are not allowed', () => {
    const { server, alerts } = renderLiveQueue(fakeAlerts({ hidden: true, access: 'denied' }));
    server.welcome();
    server.request(staffRequest());
    expect(alerts.showNotification).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: staff.enableNotifications })).not.toBeInTheDocument();
  });

  it('asks for the permission on a click while the browser has not been asked', async () => {
    const { server, alerts } = renderLiveQueue(fakeAlerts({ access: 'default' }));
    server.welcome();
    await userEvent.click(screen.getByRole('button', { name: staff.enableNotifications }));
    expect(alerts.requestNotificationAccess).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: staff.enableNotifications })).not.toBeInTheDocument());
  });
});
