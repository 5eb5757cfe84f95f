import { act, render } from '@testing-library/react';
import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import type { ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import type { NotificationAccess, RequestAlerts } from '../alerts/request-alerts';
import { LiveQueuePage } from '../components/live-queue-page';
import { StaffLobbyContext } from '../hooks/use-staff-lobby';
import { StaffLobby } from '../realtime/staff-lobby';
import { fakeSockets } from '../realtime/testing/fake-lobby-socket';

export type FakeAlerts = { [K in keyof RequestAlerts]: jest.Mock };

/** Alerts that record their calls; the tab is visible and notifications allowed unless told otherwise. */
export function fakeAlerts({ hidden = false, access = 'granted' }: { hidden?: boolean; access?: NotificationAccess } = {}): FakeAlerts {
  return {
    playChime: jest.fn(),
    notificationAccess: jest.fn(() => access),
    requestNotificationAccess: jest.fn(async () => 'granted' as const),
    showNotification: jest.fn(),
    pageHidden: jest.fn(() => hidden),
  };
}

/**
 * The live queue page as the route renders it, for TEST_USER, with a fake lobby socket and fake
 * alerts. `server` drives the socket (inside act, since each message re-renders the page).
 */
export function renderLiveQueue(alerts: FakeAlerts = fakeAlerts()) {
  const props = buildMfeProps({ adminContext: true });
  const sockets = fakeSockets();
  window.history.pushState({}, '', '/admin/diretta');
  const view = render(
    <RemoteProviders props={props}>
      <StaffLobbyContext.Provider value={new StaffLobby({ createSocket: sockets.createSocket })}>
        <LiveQueuePage selfId={TEST_USER.id} services={{ alerts }} />
      </StaffLobbyContext.Provider>
    </RemoteProviders>,
  );
  const server = {
    welcome: (requests: StaffJoinRequest[] = []) => act(() => sockets.welcome(requests)),
    send: (message: ServerLobbyMessage) => act(() => sockets.last().deliver(message)),
    request: (request: StaffJoinRequest) => act(() => sockets.last().deliver({ type: 'request', request })),
    drop: () => act(() => sockets.last().drop()),
  };
  return { ...view, props, alerts, sockets, server };
}
