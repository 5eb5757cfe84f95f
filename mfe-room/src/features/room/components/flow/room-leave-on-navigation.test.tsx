import { act, screen, waitFor } from '@testing-library/react';
import { visitorCredentialsKey, type VisitorCredentials } from '@incontra/contracts/api/join-requests';
import type { ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../../app/test-utils';
import { LocalEngine } from '../../engine/local/local-engine';
import { createFakePeerConnection } from '../../engine/local/testing/fake-peer-connection';
import { FakeSignallingServer } from '../../engine/local/testing/fake-signalling';
import { enterFromPrejoin, stubMediaPlay } from '../testing/prejoin';

const ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const REQUEST_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const GUEST = { identity: 'guest-11111111-2222-4333-8444-555555555555', displayName: 'Giulia Verdi', role: 'guest' as const };
const STAFF = { identity: 'staff-99999999-2222-4333-8444-555555555555', displayName: 'Anna Rossi', role: 'staff' as const };
const CREDENTIALS: VisitorCredentials = {
  requestId: REQUEST_ID,
  visitorToken: 'visitor-token-abc',
  name: GUEST.displayName,
  storeId: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01',
  roomId: ROOM_ID,
};
const GUEST_PATH = `/room/${ROOM_ID}?richiesta=${REQUEST_ID}`;

// The built-in engine over a fake signalling server: what the page says on its socket is checked.
let server = new FakeSignallingServer();
jest.mock('../../engine/create-engine', () => ({
  createEngine: async () => new LocalEngine({ createSocket: server.createSocket, createPeerConnection: createFakePeerConnection, origin: 'http://room.test' }),
}));

// The real controller over twilio-video and processor fakes: jsdom has no camera.
jest.mock('../../media/local-media', () =>
  jest.requireActual<typeof import('../../media/testing/fake-local-media-module')>('../../media/testing/fake-local-media-module').fakeLocalMediaModule(),
);

stubMediaPlay();
beforeEach(() => {
  server = new FakeSignallingServer();
  window.sessionStorage.setItem(visitorCredentialsKey(REQUEST_ID), JSON.stringify(CREDENTIALS));
});
afterEach(() => window.sessionStorage.clear());

/** A staff member already in the room: what it hears from the signalling. */
async function staffInRoom(): Promise<ServerSignallingMessage[]> {
  const heard: ServerSignallingMessage[] = [];
  const socket = server.createSocket('ws://room.test/api/realtime/room');
  socket.onmessage = (event) => heard.push(JSON.parse(String(event.data)) as ServerSignallingMessage);
  await waitFor(() => expect(socket.readyState).toBe(1));
  socket.send(JSON.stringify({ type: 'hello', token: server.admit(STAFF) }));
  await waitFor(() => expect(heard.map((message) => message.type)).toEqual(['welcome']));
  return heard;
}

/** The guest through the pre-join, its join answered: the room page opens its signalling. */
async function guestEntering() {
  const token = server.admit(GUEST);
  mockFetch({
    [`POST /api/video-room/${ROOM_ID}/join`]: {
      status: 200,
      body: {
        provider: 'local',
        token,
        roomName: ROOM_ID,
        ...GUEST,
        iceServers: [],
        expiresAt: '2099-11-22T12:00:00.000Z',
        room: { id: ROOM_ID, name: 'Sala Consulenza', maxParticipants: 2 },
        signallingPath: '/api/realtime/room',
        uploadToken: 'guest-upload-token',
      },
    },
  });
  const rendered = renderApp(GUEST_PATH);
  await enterFromPrejoin();
  await screen.findByTestId('room-header');
  return rendered;
}

/** The guest in the room, welcomed by the signalling (it lists the staff member already there). */
async function guestInRoom() {
  const staffHeard = await staffInRoom();
  const rendered = await guestEntering();
  // Welcomed (the staff member's tile comes from the welcome): from here on leaving must be said.
  await screen.findByText(STAFF.displayName);
  await waitFor(() => expect(staffHeard).toContainEqual({ type: 'peer-joined', peer: GUEST }));
  const socket = server.socketOf(GUEST.identity);
  if (!socket) throw new Error('the guest has no signalling socket');
  return { rendered, socket, staffHeard };
}

/** What the staff member heard about people leaving (a goodbye says `left`; a bare close `lost`). */
function departures(heard: readonly ServerSignallingMessage[]) {
  return heard.filter((message) => message.type === 'peer-left');
}

describe('leaving the room by navigation', () => {
  it('says goodbye when the shell unmounts the room remote (a route of another remote)', async () => {
    const { rendered, socket, staffHeard } = await guestInRoom();
    expect(socket.sentOfType('bye')).toEqual([]);

    act(() => rendered.unmount());

    expect(socket.sentOfType('bye')).toEqual([{ type: 'bye' }]);
    expect(socket.closedWith).toBe(1000);
    await waitFor(() => expect(departures(staffHeard)).toEqual([{ type: 'peer-left', identity: GUEST.identity, reason: 'left' }]));
  });

  it('says goodbye when a route of the room remote itself replaces the room', async () => {
    const { socket, staffHeard } = await guestInRoom();

    act(() => {
      window.history.pushState({}, '', '/room/verifica');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });

    await waitFor(() => expect(socket.sentOfType('bye')).toEqual([{ type: 'bye' }]));
    await waitFor(() => expect(departures(staffHeard)).toEqual([{ type: 'peer-left', identity: GUEST.identity, reason: 'left' }]));
  });

  it('says goodbye when the page itself goes (another site, a reload, the tab closed)', async () => {
    const { socket, staffHeard } = await guestInRoom();

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
    });

    expect(socket.sentOfType('bye')).toEqual([{ type: 'bye' }]);
    await waitFor(() => expect(departures(staffHeard)).toEqual([{ type: 'peer-left', identity: GUEST.identity, reason: 'left' }]));
  });

  it('says goodbye when leaving while its hello is still unanswered (the server may have seated it already)', async () => {
    // The server takes the hello but its welcome is still on the way.
    const hellos: string[] = [];
    const receive = server.receive.bind(server);
    jest
      .spyOn(server, 'receive')
      .mockImplementation((socket, message) => (message.type === 'hello' ? void hellos.push(message.token) : receive(socket, message)));
    const rendered = await guestEntering();
    await waitFor(() => expect(hellos).toEqual([GUEST.identity]));
    const socket = server.sockets.at(-1);

    act(() => rendered.unmount());

    expect(socket?.sentOfType('bye')).toEqual([{ type: 'bye' }]);
  });
});
