import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { matchMediaAnswering } from '@incontra/mfe-kit/testing/match-media';
import { chatMessageAdded } from '../../store/chat-slice';
import { speakingChanged } from '../../store/speaking-slice';
import { participantStateChanged, trackArrived, trackRemoved } from '../../store/participants-slice';
import { SHORTCUTS_STORAGE_KEY } from '../../hooks/use-keyboard-shortcuts';
import { FakeMediaStream } from '../testing/fake-media-stream';
import { fakeSession, fakeTrack, prepareRoom, renderInPreparedRoom, type PreparedParticipant } from '../testing/room-test-harness';
import { RoomView } from './room-view';

const id = (n: number) => `staff-0000000${n}-0000-4000-8000-000000000000`;
const ME: PreparedParticipant = { identity: id(1), displayName: 'Anna', tracks: ['camera', 'audio'] };
const MARCO: PreparedParticipant = { identity: id(2), displayName: 'Marco', tracks: ['camera', 'audio'] };
const LUCIA: PreparedParticipant = { identity: id(3), displayName: 'Lucia', tracks: ['camera', 'screen', 'audio'] };
const GUEST: PreparedParticipant = { identity: 'guest-00000004-0000-4000-8000-000000000000', displayName: 'Cliente', role: 'guest', tracks: ['audio'] };

beforeAll(() => {
  Object.defineProperty(window, 'MediaStream', { configurable: true, writable: true, value: FakeMediaStream });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, writable: true, value: jest.fn(async () => undefined) });
});
afterAll(() => Reflect.deleteProperty(window, 'MediaStream'));
// Staff's chat panel lists the room's documents.
beforeEach(() => mockFetch({ 'GET /api/room/9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f/documents': { status: 200, body: [] } }));
afterEach(() => window.localStorage.clear());

function renderRoom(options: { local?: PreparedParticipant; remotes?: PreparedParticipant[]; maxParticipants?: number | null } = {}) {
  const store = prepareRoom({
    local: options.local ?? ME,
    remotes: options.remotes ?? [MARCO, LUCIA, GUEST],
    room: {
      id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
      name: 'Sala Consulenza',
      maxParticipants: options.maxParticipants === undefined ? 4 : options.maxParticipants,
    },
  });
  const session = fakeSession();
  const onQuit = jest.fn();
  const view = renderInPreparedRoom(<RoomView onQuit={onQuit} />, store, session);
  return { store, session, onQuit, ...view };
}

const tiles = () =>
  screen
    .getAllByTestId('video-tile')
    .map((tile) => `${tile.getAttribute('data-identity')}:${tile.getAttribute('data-kind')}:${tile.getAttribute('data-local')}`);

describe('room view', () => {
  it('lays out me first, then screen shares, then the others with video; audio-only apart', () => {
    renderRoom();
    expect(tiles()).toEqual([
      `${ME.identity}:camera:true`,
      `${LUCIA.identity}:screen:false`,
      `${MARCO.identity}:camera:false`,
      `${LUCIA.identity}:camera:false`,
    ]);
    const audioOnly = screen.getByTestId('audio-only-list');
    expect(audioOnly).toHaveTextContent('Cliente');
    expect(within(audioOnly).queryByText('Marco')).not.toBeInTheDocument();
  });

  it('shows the room name and size in the header', () => {
    renderRoom({ maxParticipants: null });
    expect(screen.getByTestId('room-header')).toHaveTextContent('Sala Consulenza');
    expect(screen.getByTestId('room-size')).toHaveTextContent(/^4$/);
  });

  it('moves a participant whose camera goes off to the audio-only list: initials, name, microphone, voice', () => {
    const { store } = renderRoom({ remotes: [MARCO] });
    expect(screen.queryByTestId('audio-only-list')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(trackRemoved({ identity: MARCO.identity, name: 'camera' }));
    });
    expect(tiles()).toEqual([`${ME.identity}:camera:true`]);
    const entry = within(screen.getByTestId('audio-only-list')).getByText('Marco').closest('li')!;
    expect(entry).toHaveAttribute('data-identity', MARCO.identity);
    expect(within(entry).getByTestId('participant-avatar')).toHaveTextContent('M');
    expect(within(entry).getByRole('img', { name: IT_ROOM.microphoneOn })).toBeInTheDocument();
    expect(within(entry).queryByRole('img', { name: IT_ROOM.speaking })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(speakingChanged({ identity: MARCO.identity, speaking: true }));
    });
    expect(entry).toHaveAttribute('data-speaking', 'true');
    expect(within(entry).getByRole('img', { name: IT_ROOM.speaking })).toBeInTheDocument();
    expect(within(entry).getByTestId('participant-avatar')).toHaveAttribute('data-speaking', 'true');

    // Muted: the microphone says so, and no voice is shown.
    act(() => {
      store.dispatch(participantStateChanged({ identity: MARCO.identity, changes: { muted: true } }));
    });
    expect(within(entry).getByRole('img', { name: IT_ROOM.microphoneMuted })).toBeInTheDocument();
    expect(within(entry).queryByRole('img', { name: IT_ROOM.speaking })).not.toBeInTheDocument();
  });

  it('keeps my own tile with my initials when my camera is off, with my microphone and voice', () => {
    const { store } = renderRoom({ local: { ...ME, displayName: 'Anna Bianchi', tracks: ['audio'] }, remotes: [MARCO] });
    const mine = screen.getAllByTestId('video-tile')[0]!;
    expect(mine).toHaveAttribute('data-local', 'true');
    expect(within(mine).getByTestId('participant-avatar')).toHaveTextContent('AB');
    expect(mine).toHaveAccessibleName(`Anna Bianchi (${IT_ROOM.you})`);
    expect(within(mine).getByRole('img', { name: IT_ROOM.microphoneOn })).toBeInTheDocument();
    act(() => {
      store.dispatch(speakingChanged({ identity: ME.identity, speaking: true }));
    });
    expect(mine).toHaveAttribute('data-speaking', 'true');
    expect(within(mine).getByTestId('tile-speaking-ring')).toBeInTheDocument();
  });

  it('lays every tile and the audio-only list inside the stage it measured, nothing below it', () => {
    const measured = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const stage = this.getAttribute('data-testid') === 'room-stage';
      return { x: 0, y: 0, top: 0, left: 0, width: stage ? 1256 : 0, height: stage ? 661 : 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      renderRoom();
      const boxes = [...screen.getAllByTestId('video-tile').map((tile) => tile.parentElement!), screen.getByTestId('audio-only-list')].map((element) => ({
        left: parseFloat(element.style.left),
        top: parseFloat(element.style.top),
        width: parseFloat(element.style.width),
        height: parseFloat(element.style.height),
      }));
      expect(boxes).toHaveLength(5);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThan(100);
        expect(box.left + box.width).toBeLessThanOrEqual(1256.5);
        expect(box.top + box.height).toBeLessThanOrEqual(661.5);
      }
    } finally {
      measured.mockRestore();
    }
  });

  it('binds each tile to its track and marks a muted participant', () => {
    const { session, store } = renderRoom({ remotes: [MARCO] });
    const track = fakeTrack('video');
    act(() => {
      session.tracks.set(MARCO.identity, 'camera', track);
      store.dispatch(trackArrived({ identity: MARCO.identity, name: 'camera' }));
      store.dispatch(participantStateChanged({ identity: MARCO.identity, changes: { muted: true, blurEnabled: true } }));
    });
    const tile = screen.getAllByTestId('video-tile')[1]!;
    const video = tile.querySelector('video')!;
    expect((video.srcObject as unknown as FakeMediaStream).tracks).toEqual([track]);
    expect(video).toHaveProperty('muted', true);
    expect(video).toHaveAttribute('playsinline');
    expect(tile).toHaveAttribute('data-muted', 'true');
    expect(tile).toHaveAttribute('data-blur', 'true');
    expect(within(tile).getByRole('img', { name: IT_ROOM.microphoneMuted })).toBeInTheDocument();
  });

  it('gives staff mute and remove on each remote participant, never on their own tile', async () => {
    const { session } = renderRoom();
    const [mine, ...others] = screen.getAllByTestId('video-tile').filter((tile) => tile.getAttribute('data-kind') === 'camera');
    expect(within(mine!).queryByTestId('participant-mute')).not.toBeInTheDocument();
    for (const tile of others) {
      expect(within(tile).getByTestId('participant-mute')).toHaveAttribute('data-identity', tile.getAttribute('data-identity'));
      expect(within(tile).getByTestId('participant-remove')).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('audio-only-list')).getByTestId('participant-mute')).toHaveAttribute('data-identity', GUEST.identity);

    await userEvent.click(within(others[0]!).getByTestId('participant-mute'));
    expect(session.muteParticipant).toHaveBeenCalledWith(MARCO.identity);

    await userEvent.click(within(others[0]!).getByTestId('participant-remove'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.removeConfirmTitle });
    expect(session.kick).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: IT_ROOM.remove }));
    expect(session.kick).toHaveBeenCalledWith(MARCO.identity);
  });

  it('gives a guest no mute or remove', () => {
    renderRoom({ local: { ...ME, identity: 'guest-00000009-0000-4000-8000-000000000000', role: 'guest' } });
    expect(screen.queryByTestId('participant-mute')).not.toBeInTheDocument();
    expect(screen.queryByTestId('participant-remove')).not.toBeInTheDocument();
  });

  it('plays remote audio while it is active and detaches it when muted', () => {
    const { session, store } = renderRoom({ remotes: [MARCO] });
    const voice = fakeTrack('audio');
    act(() => {
      session.tracks.set(MARCO.identity, 'audio', voice);
      store.dispatch(trackArrived({ identity: MARCO.identity, name: 'audio' }));
    });
    const audio = screen.getByTestId('remote-audio') as HTMLAudioElement;
    expect(audio).toHaveAttribute('data-identity', MARCO.identity);
    expect(audio).toHaveAttribute('autoplay');
    expect((audio.srcObject as unknown as FakeMediaStream).tracks).toEqual([voice]);

    act(() => {
      store.dispatch(participantStateChanged({ identity: MARCO.identity, changes: { muted: true } }));
    });
    expect(screen.queryByTestId('remote-audio')).not.toBeInTheDocument();
    expect(audio.srcObject).toBeNull();
  });

  it('toggles microphone, camera and screen with m, v and s, but not while typing in the chat', async () => {
    const { session } = renderRoom();
    fireEvent.keyDown(document.body, { key: 'm' });
    fireEvent.keyDown(document.body, { key: 'v' });
    fireEvent.keyDown(document.body, { key: 's' });
    expect(session.toggleMicrophone).toHaveBeenCalledTimes(1);
    expect(session.toggleCamera).toHaveBeenCalledTimes(1);
    expect(session.toggleScreenShare).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByTestId('control-chat'));
    await userEvent.type(screen.getByTestId('chat-input'), 'mvs');
    expect(screen.getByTestId('chat-input')).toHaveValue('mvs');
    expect(session.toggleMicrophone).toHaveBeenCalledTimes(1);
    expect(session.toggleCamera).toHaveBeenCalledTimes(1);
    expect(session.toggleScreenShare).toHaveBeenCalledTimes(1);
  });

  it('opening the chat by keyboard puts the focus in its message field; typing there toggles nothing; Escape closes it back to the Chat button', async () => {
    const { session } = renderRoom();
    screen.getByTestId('control-chat').focus();
    await userEvent.keyboard('{Enter}');
    const input = await screen.findByTestId('chat-input');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Vedo e sento{Enter}');
    expect(session.sendChat).toHaveBeenCalledWith('Vedo e sento');
    await userEvent.keyboard('m');
    expect(input).toHaveValue('m');
    expect(session.toggleCamera).not.toHaveBeenCalled();
    expect(session.toggleMicrophone).not.toHaveBeenCalled();
    expect(session.toggleScreenShare).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('control-chat')).toHaveFocus();
  });

  it("gives the focus back to the panel's button when it is closed with its close button", async () => {
    renderRoom();
    await userEvent.click(screen.getByTestId('control-chat'));
    await userEvent.click(screen.getByRole('button', { name: `${IT_ROOM.closePanel}: ${IT_ROOM.chat}` }));
    expect(screen.getByTestId('control-chat')).toHaveFocus();

    await userEvent.click(screen.getByTestId('control-participants'));
    const panel = screen.getByTestId('participants-panel');
    expect(within(panel).getByRole('heading', { name: IT_ROOM.participants })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('participants-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('control-participants')).toHaveFocus();
  });

  it('keeps the shortcuts quiet while a dialog is open, and with Alt held', async () => {
    const { session } = renderRoom();
    fireEvent.keyDown(document.body, { key: 'v', altKey: true });
    expect(session.toggleCamera).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('control-quit'));
    await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle });
    fireEvent.keyDown(document.body, { key: 'v' });
    await userEvent.keyboard('m');
    expect(session.toggleCamera).not.toHaveBeenCalled();
    expect(session.toggleMicrophone).not.toHaveBeenCalled();
  });

  it('puts the focus on the room heading on entering', () => {
    renderRoom();
    expect(screen.getByRole('heading', { level: 1, name: 'Sala Consulenza' })).toHaveFocus();
  });

  it('ignores the shortcuts once switched off in the settings, and remembers it', async () => {
    const { session } = renderRoom();
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.settings }));
    await userEvent.click(await screen.findByRole('switch', { name: IT_ROOM.keyboardShortcuts }));
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBe('false');
    fireEvent.keyDown(document.body, { key: 'm' });
    expect(session.toggleMicrophone).not.toHaveBeenCalled();
  });

  it('counts unread messages on the chat button while the panel is closed', async () => {
    const { store } = renderRoom();
    act(() => {
      store.dispatch(
        chatMessageAdded({ id: 'm1', from: MARCO.identity, displayName: 'Marco', mine: false, sentAt: '2026-11-22T10:00:00.000Z', kind: 'text', text: 'Ciao' }),
      );
      store.dispatch(
        chatMessageAdded({
          id: 'm2',
          from: MARCO.identity,
          displayName: 'Marco',
          mine: false,
          sentAt: '2026-11-22T10:00:01.000Z',
          kind: 'text',
          text: 'Ci sei?',
        }),
      );
    });
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('2');
    await userEvent.click(screen.getByTestId('control-chat'));
    expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-panel')).toHaveTextContent('Ci sei?');
  });

  it('sends chat text and files through the session', async () => {
    const { session } = renderRoom();
    await userEvent.click(screen.getByTestId('control-chat'));
    await userEvent.type(screen.getByTestId('chat-input'), 'Buongiorno{Enter}');
    expect(session.sendChat).toHaveBeenCalledWith('Buongiorno');
    const file = new File(['%PDF'], 'listino.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('chat-file-input'), file);
    expect(session.sendFile).toHaveBeenCalledWith(file);
  });

  it('shows the reconnecting banner while the connection recovers', async () => {
    const { store } = renderRoom();
    expect(screen.queryByTestId('room-banner-reconnecting')).not.toBeInTheDocument();
    const { connectionStatusChanged } = await import('../../store/connection-slice');
    act(() => {
      store.dispatch(connectionStatusChanged('reconnecting'));
    });
    expect(screen.getByTestId('room-banner-reconnecting')).toHaveTextContent(IT_ROOM.reconnecting);
    act(() => {
      store.dispatch(connectionStatusChanged('connected'));
    });
    expect(screen.queryByTestId('room-banner-reconnecting')).not.toBeInTheDocument();
  });

  it('switches to the phone layout below 640 px: icons only, chat over everything', async () => {
    const original = window.matchMedia;
    window.matchMedia = matchMediaAnswering((query) => query.includes('max-width'));
    try {
      renderRoom();
      await waitFor(() => expect(screen.getByTestId('room')).toHaveAttribute('data-layout', 'phone'));
      expect(screen.queryByText(IT_ROOM.participants)).not.toBeInTheDocument();
      await userEvent.click(screen.getByTestId('control-chat'));
      expect(screen.getByTestId('chat-panel')).toHaveAttribute('data-layout', 'overlay');
      // What the panel covers is out of reach until it closes; the focus then returns to its button.
      await waitFor(() => expect(screen.getByTestId('chat-input')).toHaveFocus());
      expect(screen.getByTestId('room-controls')).toHaveAttribute('inert');
      expect(screen.getByTestId('room-header')).toHaveAttribute('inert');
      expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
      await userEvent.keyboard('{Escape}');
      expect(screen.getByTestId('room-controls')).not.toHaveAttribute('inert');
      expect(screen.getByTestId('control-chat')).toHaveFocus();
    } finally {
      window.matchMedia = original;
    }
  });

  it('asks before quitting, then quits', async () => {
    const { onQuit } = renderRoom();
    await userEvent.click(screen.getByTestId('control-quit'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: IT_ROOM.quit }));
    expect(onQuit).toHaveBeenCalled();
  });
});
