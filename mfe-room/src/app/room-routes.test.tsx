import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '@incontra/mfe-kit/testing/mock-fetch';
import { enterFromPrejoin, stubMediaPlay } from '../features/room/components/testing/prejoin';
import { createdEngines as engines } from '../features/room/engine/testing/fake-engine-module';
import { renderApp } from './test-utils';

const ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const IDENTITY = 'staff-11111111-2222-4333-8444-555555555555';
const JOIN = {
  provider: 'local',
  token: 'token',
  roomName: ROOM_ID,
  identity: IDENTITY,
  role: 'staff',
  displayName: 'Mario Rossi',
  iceServers: [],
  expiresAt: '2026-11-22T12:00:00.000Z',
  room: { id: ROOM_ID, name: 'Sala Consulenza', maxParticipants: 4 },
  signallingPath: '/api/realtime/room',
  uploadToken: 'token',
};

jest.mock('../features/room/engine/create-engine', () =>
  jest
    .requireActual<typeof import('../features/room/engine/testing/fake-engine-module')>('../features/room/engine/testing/fake-engine-module')
    .fakeEngineModule(),
);

// The real controller over twilio-video and processor fakes: jsdom has no camera.
jest.mock('../features/room/media/local-media', () =>
  jest
    .requireActual<typeof import('../features/room/media/testing/fake-local-media-module')>('../features/room/media/testing/fake-local-media-module')
    .fakeLocalMediaModule(),
);

stubMediaPlay();
afterEach(() => {
  engines.length = 0;
});

describe('room route', () => {
  it('asks a visitor who is not signed in to sign in, with a link to the login page that comes back here', async () => {
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    const { props } = renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText(IT_ROOM.signInRequired)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: IT_ROOM.signIn });
    const back = `/admin/login?next=${encodeURIComponent(`/room/${ROOM_ID}`)}`;
    expect(link).toHaveAttribute('href', back);
    await userEvent.click(link);
    expect(props.navigate).toHaveBeenCalledWith(back);
  });

  it('keeps /room/verifica as the device check', async () => {
    mockFetch({});
    renderApp('/room/verifica');
    expect(await screen.findByRole('heading', { level: 1, name: IT_ROOM.deviceCheckTitle })).toBeInTheDocument();
  });

  it('goes from the pre-join into the room with the chosen name, then out when quitting', async () => {
    const sentBodies: unknown[] = [];
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      // Like the API: the chosen name comes back in the answer (and the token).
      [`POST /api/video-room/${ROOM_ID}/join`]: ({ body }) => {
        sentBodies.push(body);
        return { status: 200, body: { ...JOIN, displayName: (body as { displayName: string }).displayName } };
      },
    });
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByRole('heading', { name: IT_ROOM.prejoinTitle })).toBeInTheDocument();
    const name = screen.getByTestId('prejoin-name');
    expect(name).toHaveValue('Mario Rossi');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mario dal negozio');
    await enterFromPrejoin();

    expect(await screen.findByTestId('room-header')).toHaveTextContent('Sala Consulenza');
    await waitFor(() => expect(engines[0]?.joined?.displayName).toBe('Mario dal negozio'));
    expect(sentBodies).toEqual([{ displayName: 'Mario dal negozio' }]);
    expect(screen.getByTestId('room-size')).toHaveTextContent('1/4');
    const mine = screen.getByTestId('video-tile');
    expect(mine).toHaveAttribute('data-local', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/join'))).toHaveLength(1);

    await userEvent.click(screen.getByTestId('control-quit'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: IT_ROOM.quit }));
    expect(await screen.findByTestId('room-ended')).toHaveTextContent(IT_ROOM.endedTitle);
    // Staff's end screen sits in the back office's chrome: no visitor frame.
    expect(screen.queryByTestId('company-frame')).not.toBeInTheDocument();
    expect(engines[0]?.calls).toContain('disconnect');
    expect(screen.getByRole('link', { name: IT_ROOM.backToDashboard })).toHaveAttribute('href', '/admin');
  });

  it('ends with "Ti hanno fatto uscire dalla stanza" when staff remove this participant', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, [`POST /api/video-room/${ROOM_ID}/join`]: { status: 200, body: JOIN } });
    renderApp(`/room/${ROOM_ID}`);
    await enterFromPrejoin();
    await screen.findByTestId('room-header');
    await waitFor(() => expect(engines[0]?.connectionState).toBe('connected'));

    // The removal alone ends the visit, before (or without) the engine's disconnection.
    act(() => {
      engines[0]!.emit('removed', 'kicked');
    });
    const error = await screen.findByTestId('room-error');
    expect(error).toHaveAttribute('data-kind', 'removed');
    expect(error).toHaveTextContent('Ti hanno fatto uscire dalla stanza');
    expect(screen.getByTestId('room-ended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IT_ROOM.rejoin })).not.toBeInTheDocument();
    expect(engines[0]?.calls).toContain('disconnect');
  });

  it('stays on the pre-join with the reason when the room is full', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      [`POST /api/video-room/${ROOM_ID}/join`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_VIDEO_ROOM.roomFull(4) } },
    });
    renderApp(`/room/${ROOM_ID}`);
    await enterFromPrejoin();
    const error = await screen.findByTestId('room-error');
    expect(error).toHaveAttribute('data-kind', 'room-full');
    expect(error).toHaveTextContent(IT_VIDEO_ROOM.roomFull(4));
    expect(screen.getByTestId('prejoin-enter')).toBeInTheDocument();
    expect(engines).toHaveLength(0);
  });

  /** The page's one main landmark, and its one h1 (inside the main, or the room's banner). */
  function expectOneMain(headingIn: 'main' | 'banner' = 'main'): HTMLElement {
    const mains = screen.getAllByRole('main');
    expect(mains).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(headingIn === 'main' ? mains[0]! : screen.getByRole('banner')).getByRole('heading', { level: 1 })).toBeInTheDocument();
    return mains[0]!;
  }

  it('puts every screen in landmarks: one main with the h1 on the sign-in, the device check, the pre-join and the end; in the call a banner, the stage as main, the toolbar in the footer', async () => {
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    const signIn = renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('link', { name: IT_ROOM.signIn });
    expect(expectOneMain()).toHaveTextContent(IT_ROOM.signInRequired);
    signIn.unmount();

    mockFetch({});
    const check = renderApp('/room/verifica');
    await screen.findByRole('heading', { level: 1, name: IT_ROOM.deviceCheckTitle });
    expectOneMain();
    check.unmount();

    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, [`POST /api/video-room/${ROOM_ID}/join`]: { status: 200, body: JOIN } });
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('heading', { level: 1, name: IT_ROOM.prejoinTitle });
    expect(expectOneMain()).toContainElement(screen.getByTestId('prejoin-enter'));

    await enterFromPrejoin();
    await screen.findByTestId('room-header');
    expect(expectOneMain('banner')).toContainElement(screen.getByTestId('video-tile'));
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('toolbar', { name: IT_ROOM.controlsLabel })).toContainElement(screen.getByTestId('control-quit'));

    await userEvent.click(screen.getByTestId('control-quit'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle })).getByRole('button', { name: IT_ROOM.quit }));
    await screen.findByTestId('room-ended');
    const ended = expectOneMain();
    expect(within(ended).getByRole('heading', { level: 1, name: IT_ROOM.endedTitle })).toHaveFocus();
    expect(within(ended).getByRole('button', { name: IT_ROOM.rejoin })).toBeInTheDocument();
    expect(within(ended).getByRole('link', { name: IT_ROOM.backToDashboard })).toBeInTheDocument();
  });

  it('frames a room path without a screen in the main landmark too', async () => {
    mockFetch({});
    renderApp('/room/a/b');
    await screen.findByRole('heading', { level: 1 });
    expectOneMain();
  });
});
