import { chatMessageAdded, chatOpened, chatToggled, type ChatMessage } from './chat-slice';
import { connectionStatusChanged, roomEntering, roomFailed } from './connection-slice';
import { participantJoined, participantStateChanged, trackArrived, trackRemoved } from './participants-slice';
import { createRoomStore } from './room-store';
import {
  selectAudioOnlyParticipants,
  selectConnectionStatus,
  selectHasAudio,
  selectIsStaff,
  selectLocalParticipant,
  selectParticipantCount,
  selectUnreadCount,
  selectVideoTiles,
} from './selectors';
import { TrackRegistry } from './track-registry';

const ROOM = { id: 'r1', name: 'Sala Roma', maxParticipants: null };

function storeWithPeople() {
  const store = createRoomStore();
  store.dispatch(roomEntering({ provider: 'local', room: ROOM, localIdentity: 'staff-me' }));
  store.dispatch(participantJoined({ identity: 'staff-me', displayName: 'Io', role: 'staff', isLocal: true }));
  for (const [identity, role] of [
    ['guest-a', 'guest'],
    ['guest-b', 'guest'],
    ['staff-c', 'staff'],
  ] as const) {
    store.dispatch(participantJoined({ identity, displayName: identity, role, isLocal: false }));
  }
  return store;
}

const text = (id: string, mine: boolean): ChatMessage => ({
  id,
  from: mine ? 'staff-me' : 'guest-a',
  displayName: 'x',
  mine,
  sentAt: 't',
  kind: 'text',
  text: id,
});

describe('room store', () => {
  it('orders tiles: me first, then screen shares, then others with camera; audio-only apart', () => {
    const store = storeWithPeople();
    store.dispatch(trackArrived({ identity: 'staff-c', name: 'camera' }));
    store.dispatch(trackArrived({ identity: 'guest-b', name: 'screen' }));
    store.dispatch(trackArrived({ identity: 'guest-b', name: 'camera' }));
    store.dispatch(trackArrived({ identity: 'guest-a', name: 'audio' }));
    expect(selectVideoTiles(store.getState())).toEqual([
      { identity: 'staff-me', kind: 'camera' },
      { identity: 'guest-b', kind: 'screen' },
      { identity: 'guest-b', kind: 'camera' },
      { identity: 'staff-c', kind: 'camera' },
    ]);
    expect(selectAudioOnlyParticipants(store.getState()).map((p) => p.identity)).toEqual(['guest-a']);
    expect(selectParticipantCount(store.getState())).toBe(4);
    // Memoised: same input, same array.
    expect(selectVideoTiles(store.getState())).toBe(selectVideoTiles(store.getState()));
  });

  it('hasAudio: audio present and not muted', () => {
    const store = storeWithPeople();
    expect(selectHasAudio(store.getState(), 'guest-a')).toBe(false);
    store.dispatch(trackArrived({ identity: 'guest-a', name: 'audio' }));
    expect(selectHasAudio(store.getState(), 'guest-a')).toBe(true);
    store.dispatch(participantStateChanged({ identity: 'guest-a', changes: { muted: true } }));
    expect(selectHasAudio('guest-a')(store.getState())).toBe(false);
    store.dispatch(participantStateChanged({ identity: 'guest-a', changes: { muted: false } }));
    store.dispatch(trackRemoved({ identity: 'guest-a', name: 'audio' }));
    expect(selectHasAudio(store.getState(), 'guest-a')).toBe(false);
    expect(selectHasAudio(store.getState(), 'nobody')).toBe(false);
  });

  it('a track that comes back gets a new version; joining again keeps what is known', () => {
    const store = storeWithPeople();
    store.dispatch(trackArrived({ identity: 'guest-a', name: 'camera' }));
    const first = store.getState().participants.entities['guest-a']?.tracks.camera;
    store.dispatch(trackRemoved({ identity: 'guest-a', name: 'camera' }));
    store.dispatch(trackArrived({ identity: 'guest-a', name: 'camera' }));
    const second = store.getState().participants.entities['guest-a']?.tracks.camera;
    expect(second).toBeGreaterThan(first as number);
    store.dispatch(participantJoined({ identity: 'guest-a', displayName: 'A', role: 'guest', isLocal: false }));
    expect(store.getState().participants.entities['guest-a']?.tracks.camera).toBe(second);
    store.dispatch(trackArrived({ identity: 'nobody', name: 'camera' }));
    expect(store.getState().participants.ids).toHaveLength(4);
  });

  it('who I am: local participant and staff flag', () => {
    const store = storeWithPeople();
    expect(selectLocalParticipant(store.getState())?.identity).toBe('staff-me');
    expect(selectIsStaff(store.getState())).toBe(true);
    expect(selectIsStaff(createRoomStore().getState())).toBe(false);
    expect(selectVideoTiles(createRoomStore().getState())).toEqual([]);
  });

  it('unread counts messages of others while the chat is closed; opening resets; duplicates are dropped', () => {
    const store = createRoomStore();
    store.dispatch(chatMessageAdded(text('1', false)));
    store.dispatch(chatMessageAdded(text('1', false)));
    store.dispatch(chatMessageAdded(text('2', true)));
    expect(selectUnreadCount(store.getState())).toBe(1);
    store.dispatch(chatOpened());
    expect(selectUnreadCount(store.getState())).toBe(0);
    store.dispatch(chatMessageAdded(text('3', false)));
    expect(selectUnreadCount(store.getState())).toBe(0);
    store.dispatch(chatToggled());
    store.dispatch(chatMessageAdded(text('4', false)));
    expect(selectUnreadCount(store.getState())).toBe(1);
    expect(store.getState().chat.messages).toHaveLength(4);
  });

  it('connection: status mirrored, the first error is kept', () => {
    const store = createRoomStore();
    expect(selectConnectionStatus(store.getState())).toBe('idle');
    store.dispatch(roomEntering({ provider: 'twilio', room: ROOM, localIdentity: 'guest-x' }));
    store.dispatch(connectionStatusChanged('connected'));
    store.dispatch(roomFailed('removed'));
    store.dispatch(roomFailed('connection-lost'));
    expect(store.getState().connection).toMatchObject({ status: 'connected', provider: 'twilio', error: 'removed' });
  });
});

describe('TrackRegistry', () => {
  it('stores tracks by participant and name and tells subscribers of changes only', () => {
    const registry = new TrackRegistry();
    const listener = jest.fn();
    const off = registry.subscribe(listener);
    const track = { id: 't' } as MediaStreamTrack;
    registry.set('a', 'camera', track);
    registry.set('a', 'camera', track);
    expect(registry.get('a', 'camera')).toBe(track);
    expect(registry.get('a', 'screen')).toBeNull();
    registry.set('a', 'screen', track);
    registry.deleteParticipant('a');
    registry.delete('a', 'camera');
    expect(registry.get('a', 'screen')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    off();
    registry.set('b', 'audio', track);
    registry.clear();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
