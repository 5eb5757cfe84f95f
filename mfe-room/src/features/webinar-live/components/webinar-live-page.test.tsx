import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_WEBINAR_LIVE as L } from '@incontra/contracts/messages/it-webinar-live';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { keepWebinarJoin, readWebinarJoin } from '@incontra/mfe-kit/webinar-join-handoff';
import { renderApp } from '../../../app/test-utils';
import { stubMediaPlay } from '../../room/components/testing/prejoin';
import { createFakePeerConnection, fakeTrack } from '../../room/engine/local/testing/fake-peer-connection';
import {
  GIULIA,
  joinAs,
  liveSockets,
  type LiveSocket,
  MARCO,
  PRESENTER,
  publicWebinar,
  question,
  staffWebinar,
  WEBINAR_ID,
  welcome,
} from '../testing/live-fixtures';

/*
 * The live page in the room remote, as a registrant and as a presenter: the socket is the kit's
 * fake, the peer connections the fake RTCPeerConnection, the camera a stand-in stream. What the
 * page shows for each state of the session, and what each control sends.
 */

const PATH = `/room/webinar/${WEBINAR_ID}`;
const MOVE = `POST /api/webinar/${WEBINAR_ID}`;
stubMediaPlay();

let sockets = liveSockets();
const camera = Object.assign(fakeTrack('video', 'camera'), { stop: jest.fn() });
const microphone = Object.assign(fakeTrack('audio', 'microphone'), { stop: jest.fn() });
const getUserMedia = jest.fn(async () => ({
  getVideoTracks: () => [camera],
  getAudioTracks: () => [microphone],
  getTracks: () => [camera, microphone],
}));

const shared = Object.assign(fakeTrack('video', 'screen'), { stop: jest.fn() });
const getDisplayMedia = jest.fn(async () => ({ getVideoTracks: () => [shared], getAudioTracks: () => [], getTracks: () => [shared] }));

beforeEach(() => {
  sockets = liveSockets().install();
  Object.defineProperty(globalThis, 'RTCPeerConnection', {
    configurable: true,
    writable: true,
    value: jest.fn((config: RTCConfiguration) => createFakePeerConnection(config)),
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, getDisplayMedia } });
});
afterEach(() => {
  sockets.uninstall();
  window.sessionStorage.clear();
  getUserMedia.mockClear();
  getDisplayMedia.mockClear();
});

function open(self = GIULIA, status: 'published' | 'live' = 'published') {
  keepWebinarJoin(joinAs(self));
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    [`GET /api/config/webinar/${WEBINAR_ID}`]: { status: 200, body: publicWebinar(status) },
    [MOVE]: ({ body }) => ({ status: 200, body: staffWebinar((body as { status: 'live' | 'ended' }).status) }),
  });
  const rendered = renderApp(PATH);
  return { ...rendered, fetchMock };
}

/** What the page last asked of the session (the mesh's media signals set aside). */
const lastAction = (socket: LiveSocket) => socket.sent.filter((message) => message.type !== 'signal' && message.type !== 'heartbeat').at(-1);

/** The session's socket, open, the hello answered with `welcomed`. */
async function welcomed(message = welcome(GIULIA)) {
  await waitFor(() => expect(sockets.all.length).toBeGreaterThan(0));
  const socket = sockets.last;
  act(() => socket.accept());
  act(() => socket.deliver(message));
  return socket;
}

describe('the live page of a webinar', () => {
  it('says how to get in when this tab holds no credential', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: L.noCredential.title })).toBeInTheDocument();
    expect(screen.getByText(L.noCredential.viewer)).toBeInTheDocument();
    expect(sockets.all).toHaveLength(0);
  });

  it('lets a registrant wait, and turns live by itself when a presenter starts', async () => {
    open();
    const socket = await welcomed();
    expect(socket.sent[0]).toEqual({ type: 'hello', token: `credential-${GIULIA.seat}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Le nuove lenti progressive' })).toBeInTheDocument();
    expect(screen.getByTestId('webinar-waiting')).toHaveTextContent(L.waiting.viewer);
    expect(screen.queryByRole('region', { name: L.stage.label })).not.toBeInTheDocument();
    // A viewer never asks for the camera.
    expect(getUserMedia).not.toHaveBeenCalled();

    act(() => socket.deliver({ type: 'status', status: 'live' }));
    expect(screen.getByTestId('webinar-status')).toHaveTextContent(L.status.live);
    expect(screen.queryByTestId('webinar-waiting')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: L.stage.label })).toBeInTheDocument();
  });

  it('sends a registrant’s question and vote, and shows the presenters’ answer', async () => {
    const user = userEvent.setup();
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live' }));
    await user.type(screen.getByRole('textbox', { name: L.questions.ask }), '  Vanno bene anche per guidare?  ');
    await user.click(screen.getByRole('button', { name: L.questions.send }));
    expect(lastAction(socket)).toEqual({ type: 'ask', text: 'Vanno bene anche per guidare?' });
    expect(screen.getByRole('textbox', { name: L.questions.ask })).toHaveValue('');

    const asked = question();
    act(() => socket.deliver({ type: 'question', question: asked }));
    const vote = screen.getByRole('button', { name: L.questions.voteFor(asked.text) });
    expect(vote).toHaveAttribute('aria-pressed', 'false');
    await user.click(vote);
    expect(lastAction(socket)).toEqual({ type: 'vote', question: asked.id, up: true });
    expect(vote).toHaveAttribute('aria-pressed', 'true');

    act(() => socket.deliver({ type: 'question', question: { ...asked, votes: 1, status: 'answered' } }));
    const item = screen.getByTestId('webinar-question');
    expect(item).toHaveTextContent(L.questions.answered);
    expect(item).toHaveTextContent(L.questions.votes(1));
  });

  it('raises a registrant’s hand, and asks for the microphone only when invited to speak', async () => {
    const user = userEvent.setup();
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live' }));
    await user.click(screen.getByRole('tab', { name: L.tabs.hands }));
    await user.click(screen.getByRole('button', { name: L.hands.raise }));
    expect(lastAction(socket)).toEqual({ type: 'hand', raised: true });
    act(() => socket.deliver({ type: 'hands', hands: [{ seat: GIULIA.seat, name: GIULIA.name, raisedAt: '2026-03-03T17:06:00.000Z' }] }));
    expect(screen.getByRole('button', { name: L.hands.lower })).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();

    act(() => socket.deliver({ type: 'speaker', speaker: GIULIA }));
    expect(screen.getByTestId('webinar-speaker')).toHaveTextContent(L.speaker.you);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ video: false, audio: true }));
    await user.click(screen.getByRole('button', { name: L.speaker.stop }));
    expect(lastAction(socket)).toEqual({ type: 'stop-speaking' });
  });

  it('tells a registrant the session is recorded, from the welcome on', async () => {
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live', recording: true }));
    expect(screen.getByTestId('webinar-recording')).toHaveTextContent(L.recording);
    act(() => socket.deliver({ type: 'recording', on: false }));
    expect(screen.queryByTestId('webinar-recording')).not.toBeInTheDocument();
  });

  it('keeps a muted chat read-only for viewers', async () => {
    open();
    await welcomed(welcome(GIULIA, { status: 'live', chatMuted: true }));
    await userEvent.click(screen.getByRole('tab', { name: L.tabs.chat }));
    expect(screen.getByText(L.chat.muted)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: L.chat.message })).not.toBeInTheDocument();
  });

  it('says a refusal in Italian, and that an action did not go while the connection is back on its way', async () => {
    const user = userEvent.setup();
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live' }));
    act(() => socket.deliver({ type: 'bad', reason: 'limit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(L.refusals.limit);

    act(() => socket.drop(1006));
    expect(await screen.findByText(L.reconnecting)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: L.questions.ask }), 'Domanda');
    await user.click(screen.getByRole('button', { name: L.questions.send }));
    expect(await screen.findByText(L.notSent)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: L.questions.ask })).toHaveValue('Domanda');
  });

  it('shows why it ended after a removal, forgets the credential, and offers no way back in', async () => {
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live' }));
    act(() => socket.deliver({ type: 'bye', reason: 'removed' }));
    expect(await screen.findByTestId('webinar-ended')).toHaveTextContent(L.ended.removed);
    expect(screen.queryByRole('button', { name: L.ended.rejoin })).not.toBeInTheDocument();
    expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
  });

  it('leaves on «Esci», and comes back in on «Rientra»', async () => {
    const user = userEvent.setup();
    open();
    const socket = await welcomed(welcome(GIULIA, { status: 'live' }));
    await user.click(screen.getByRole('button', { name: L.leave }));
    expect(lastAction(socket)).toEqual({ type: 'bye' });
    expect(screen.getByTestId('webinar-ended')).toHaveTextContent(L.ended.left);
    await user.click(screen.getByRole('button', { name: L.ended.rejoin }));
    await waitFor(() => expect(sockets.all).toHaveLength(2));
    await welcomed(welcome(GIULIA, { status: 'live' }));
    expect(screen.getByTestId('webinar-live')).toBeInTheDocument();
  });
});

describe('the presenter’s console', () => {
  it('shows the own camera, and starts the webinar for everyone', async () => {
    const user = userEvent.setup();
    const { fetchMock } = open(PRESENTER);
    await welcomed(welcome(PRESENTER, { attendees: [GIULIA], viewers: 1 }));
    expect(screen.getByTestId('webinar-waiting')).toHaveTextContent(L.waiting.presenter);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true }));
    expect(within(screen.getByRole('region', { name: L.stage.label })).getByLabelText(L.stage.ownPreview)).toBeInTheDocument();
    expect(screen.getByTestId('webinar-viewers')).toHaveTextContent(L.viewers(1));

    await user.click(screen.getByRole('button', { name: L.console.start }));
    await waitFor(() => expect(requestsTo(fetchMock, MOVE)).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, MOVE)[0]!.init.body))).toEqual({ status: 'live' });
  });

  it('turns the microphone and camera off and on, keeping their tracks', async () => {
    const user = userEvent.setup();
    open(PRESENTER);
    await welcomed(welcome(PRESENTER, { status: 'live' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    await user.click(await screen.findByRole('button', { name: L.console.microphoneOn }));
    expect(microphone.enabled).toBe(false);
    expect(screen.getByRole('button', { name: L.console.microphoneOff })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: L.console.cameraOn }));
    expect(camera.enabled).toBe(false);
    await user.click(screen.getByRole('button', { name: L.console.cameraOff }));
    expect(camera.enabled).toBe(true);
  });

  it('shares the screen, shown large on the stage, and stops sharing it', async () => {
    const user = userEvent.setup();
    open(PRESENTER);
    await welcomed(welcome(PRESENTER, { status: 'live' }));
    await user.click(await screen.findByRole('button', { name: L.console.shareScreen }));
    expect(getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: false });
    const stage = screen.getByRole('region', { name: L.stage.label });
    expect(await within(stage).findByLabelText(L.stage.ownScreen)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: L.console.stopScreen }));
    expect(within(stage).queryByLabelText(L.stage.ownScreen)).not.toBeInTheDocument();
    expect(shared.stop).toHaveBeenCalled();
  });

  it('says so when the screen was not shared', async () => {
    const user = userEvent.setup();
    getDisplayMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    open(PRESENTER);
    await welcomed(welcome(PRESENTER, { status: 'live' }));
    await user.click(await screen.findByRole('button', { name: L.console.shareScreen }));
    expect(await screen.findByText(L.console.screenFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: L.console.shareScreen })).toBeInTheDocument();
  });

  it('records on Janus: the console turns it on and off, and everyone sees it is recorded', async () => {
    const user = userEvent.setup();
    open(PRESENTER);
    const socket = await welcomed(welcome(PRESENTER, { status: 'live', recordable: true }));
    await user.click(await screen.findByRole('button', { name: L.console.record }));
    expect(lastAction(socket)).toEqual({ type: 'record', on: true });
    act(() => socket.deliver({ type: 'recording', on: true }));
    expect(screen.getByTestId('webinar-recording')).toHaveTextContent(L.recording);
    await user.click(screen.getByRole('button', { name: L.console.stopRecording }));
    expect(lastAction(socket)).toEqual({ type: 'record', on: false });
  });

  it('says plainly that this engine does not record, and offers no recording', async () => {
    open(PRESENTER);
    await welcomed(welcome(PRESENTER, { status: 'live' }));
    expect(await screen.findByText(L.console.notRecordable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.console.record })).not.toBeInTheDocument();
  });

  it('ends the webinar only after asking', async () => {
    const user = userEvent.setup();
    const { fetchMock } = open(PRESENTER);
    await welcomed(welcome(PRESENTER, { status: 'live' }));
    await user.click(screen.getByRole('button', { name: L.console.end }));
    const dialog = await screen.findByRole('dialog', { name: L.console.endTitle });
    expect(within(dialog).getByRole('button', { name: L.console.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: L.console.cancel }));
    expect(requestsTo(fetchMock, MOVE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: L.console.end }));
    await user.click(within(await screen.findByRole('dialog', { name: L.console.endTitle })).getByRole('button', { name: L.console.endConfirm }));
    await waitFor(() => expect(requestsTo(fetchMock, MOVE)).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, MOVE)[0]!.init.body))).toEqual({ status: 'ended' });
  });

  it('invites a raised hand, answers and hides questions, mutes the chat, and removes a viewer after asking', async () => {
    const user = userEvent.setup();
    open(PRESENTER);
    const asked = question();
    const socket = await welcomed(
      welcome(PRESENTER, {
        status: 'live',
        attendees: [GIULIA, MARCO],
        viewers: 2,
        questions: [asked],
        hands: [{ seat: MARCO.seat, name: MARCO.name, raisedAt: '2026-03-03T17:06:00.000Z' }],
      }),
    );
    await user.click(screen.getByRole('button', { name: L.questions.markAnswered }));
    expect(lastAction(socket)).toEqual({ type: 'question', question: asked.id, status: 'answered' });
    await user.click(screen.getByRole('button', { name: L.questions.hide }));
    expect(lastAction(socket)).toEqual({ type: 'question', question: asked.id, status: 'hidden' });

    await user.click(screen.getByRole('tab', { name: `${L.tabs.hands} (1)` }));
    await user.click(screen.getByRole('button', { name: L.hands.inviteName(MARCO.name) }));
    expect(lastAction(socket)).toEqual({ type: 'invite', seat: MARCO.seat });

    await user.click(screen.getByRole('tab', { name: L.tabs.chat }));
    await user.click(screen.getByRole('switch', { name: L.chat.mute }));
    expect(lastAction(socket)).toEqual({ type: 'mute-chat', muted: true });

    await user.click(screen.getByRole('tab', { name: L.tabs.attendees }));
    await user.click(screen.getByRole('button', { name: L.attendees.removeName(GIULIA.name) }));
    const dialog = await screen.findByRole('dialog', { name: L.attendees.removeTitle(GIULIA.name) });
    expect(dialog).toHaveTextContent(L.attendees.removeBody);
    await user.click(within(dialog).getByRole('button', { name: L.attendees.removeConfirm }));
    expect(lastAction(socket)).toEqual({ type: 'remove', seat: GIULIA.seat });
  });
});
