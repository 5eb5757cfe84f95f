import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visitorCredentialsKey, type VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { enterFromPrejoin, stubMediaPlay } from '../../room/components/testing/prejoin';
import { createdEngines as engines } from '../../room/engine/testing/fake-engine-module';

const ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const STORE_ID = '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01';
const REQUEST_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const CREDENTIALS: VisitorCredentials = { requestId: REQUEST_ID, visitorToken: 'visitor-token-abc', name: 'Giulia Verdi', storeId: STORE_ID, roomId: ROOM_ID };
const GUEST_PATH = `/room/${ROOM_ID}?richiesta=${REQUEST_ID}`;
const JOIN_PATH = `POST /api/video-room/${ROOM_ID}/join`;
const JOIN = {
  provider: 'local',
  token: 'token',
  roomName: ROOM_ID,
  identity: 'guest-11111111-2222-4333-8444-555555555555',
  role: 'guest',
  displayName: 'Giulia Verdi',
  iceServers: [],
  expiresAt: '2026-11-22T12:00:00.000Z',
  room: { id: ROOM_ID, name: 'Sala Consulenza', maxParticipants: 4 },
  signallingPath: '/api/realtime/room',
  uploadToken: 'guest-upload-token',
};

jest.mock('../../room/engine/create-engine', () =>
  jest.requireActual<typeof import('../../room/engine/testing/fake-engine-module')>('../../room/engine/testing/fake-engine-module').fakeEngineModule(),
);

// The real controller over twilio-video and processor fakes: jsdom has no camera.
jest.mock('../../room/media/local-media', () =>
  jest
    .requireActual<typeof import('../../room/media/testing/fake-local-media-module')>('../../room/media/testing/fake-local-media-module')
    .fakeLocalMediaModule(),
);

stubMediaPlay();
beforeEach(() => window.sessionStorage.setItem(visitorCredentialsKey(REQUEST_ID), JSON.stringify(CREDENTIALS)));
afterEach(() => {
  engines.length = 0;
  window.sessionStorage.clear();
});

/** The guest in the room, connected. */
async function guestInRoom() {
  const fetchMock = mockFetch({ [JOIN_PATH]: { status: 200, body: JOIN } });
  const rendered = renderApp(GUEST_PATH);
  await enterFromPrejoin();
  await screen.findByTestId('room-header');
  await waitFor(() => expect(engines[0]?.connectionState).toBe('connected'));
  return { ...rendered, fetchMock };
}

function expectGuestEndScreen() {
  const ended = screen.getByTestId('room-ended');
  expect(within(ended).getByRole('heading', { name: IT_LOBBY.visitor.endedTitle })).toBeInTheDocument();
  expect(within(ended).queryByRole('button', { name: IT_ROOM.rejoin })).not.toBeInTheDocument();
  expect(within(ended).queryByRole('link', { name: IT_ROOM.backToDashboard })).not.toBeInTheDocument();
  expect(within(ended).getByRole('link', { name: IT.shell.backHome })).toHaveAttribute('href', `/?store=${STORE_ID}`);
  // A visitor's page like every other: the company's logo and name on top, as its one banner,
  // then the end screen as the one main landmark.
  expect(screen.getByTestId('company-frame')).toHaveTextContent(TEST_COMPANY.name);
  expect(screen.getByRole('banner')).toBe(screen.getByTestId('company-frame'));
  expect(screen.getByRole('main')).toBe(ended);
  return ended;
}

describe('guest room entry', () => {
  it('enters with the request and the visitor token, named as in the request, without signing in', async () => {
    const { fetchMock } = await guestInRoom();
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).endsWith('/join')) as [string, RequestInit];
    expect(url).toBe(`/api/video-room/${ROOM_ID}/join`);
    expect(init.headers).toMatchObject({ authorization: 'Bearer visitor-token-abc' });
    expect(JSON.parse(String(init.body))).toEqual({ displayName: 'Giulia Verdi', joinRequestId: REQUEST_ID });
    expect(fetchMock.mock.calls.some(([called]) => String(called).includes('/api/me'))).toBe(false);
    expect(engines[0]?.joined?.role).toBe('guest');
  });

  it('defaults the pre-join name to the request name', async () => {
    mockFetch({});
    renderApp(GUEST_PATH);
    expect(await screen.findByTestId('prejoin-name')).toHaveValue('Giulia Verdi');
  });

  it('sends a chat file with the upload token of its entry (a guest has no session)', async () => {
    await guestInRoom();
    const document = {
      id: 'c0a80101-0000-4000-8000-000000000001',
      roomId: ROOM_ID,
      kind: 'chat',
      name: 'ricevuta.pdf',
      mimeType: 'application/pdf',
      size: 8,
      url: '/api/documents/c0a80101-0000-4000-8000-000000000001/download?exp=1&sig=x',
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    const fetchMock = mockFetch({ [`POST /api/room/${ROOM_ID}/documents`]: { status: 201, body: document } });
    await userEvent.click(screen.getByTestId('control-chat'));
    await userEvent.upload(screen.getByTestId('chat-file-input'), new File(['%PDF-1.7'], 'ricevuta.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(engines[0]!.sent.some(({ message }) => message.type === 'file')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/documents')) as [string, RequestInit];
    expect(init.headers).toMatchObject({ authorization: 'Bearer guest-upload-token' });
    expect((init.body as FormData).get('kind')).toBe('chat');
  });

  it('gives a guest no staff control over the others', async () => {
    await guestInRoom();
    act(() => {
      engines[0]!.emit('participantConnected', { identity: 'staff-99999999-2222-4333-8444-555555555555', displayName: 'Mario', role: 'staff' });
    });
    await userEvent.click(screen.getByTestId('control-participants'));
    const panel = await screen.findByTestId('participants-panel');
    expect(within(panel).getByText('Mario')).toBeInTheDocument();
    expect(within(panel).queryByTestId('participant-remove')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('participant-mute')).not.toBeInTheDocument();
  });

  it('ends with the visitor texts and no way back in after quitting', async () => {
    await guestInRoom();
    await userEvent.click(screen.getByTestId('control-quit'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: IT_ROOM.quit }));
    await screen.findByTestId('room-ended');
    expect(expectGuestEndScreen()).toHaveTextContent(IT_LOBBY.visitor.endedText);
  });

  it('ends without a way back in when staff remove the guest', async () => {
    await guestInRoom();
    act(() => {
      engines[0]!.emit('removed', 'kicked');
    });
    await screen.findByTestId('room-ended');
    expectGuestEndScreen();
    expect(screen.getByTestId('room-error')).toHaveAttribute('data-kind', 'removed');
  });

  it.each([IT_LOBBY.errors.requestClosed, IT_LOBBY.errors.notApproved])('stays on the pre-join with the refusal "%s"', async (message) => {
    mockFetch({ [JOIN_PATH]: { status: 409, body: { statusCode: 409, error: 'Conflict', message } } });
    renderApp(GUEST_PATH);
    await enterFromPrejoin();
    const error = await screen.findByTestId('room-error');
    expect(error).toHaveTextContent(message);
    expect(error).toHaveAttribute('data-kind', 'join-failed');
    expect(screen.getByTestId('prejoin-enter')).toBeInTheDocument();
    expect(engines).toHaveLength(0);
  });

  it('sends a visitor without this tab’s credentials to the staff sign-in', async () => {
    window.sessionStorage.clear();
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    renderApp(GUEST_PATH);
    expect(await screen.findByText(IT_ROOM.signInRequired)).toBeInTheDocument();
  });

  it('ignores credentials that are not well formed', async () => {
    window.sessionStorage.setItem(visitorCredentialsKey(REQUEST_ID), JSON.stringify({ requestId: REQUEST_ID }));
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    renderApp(GUEST_PATH);
    expect(await screen.findByText(IT_ROOM.signInRequired)).toBeInTheDocument();
  });
});
