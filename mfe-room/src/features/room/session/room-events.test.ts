import { selectAudioOnlyParticipants, selectHasAudio, selectParticipantCount, selectUnreadCount, selectVideoTiles } from '../store/selectors';
import { fakeTrack } from '../engine/local/testing/fake-peer-connection';
import { flush, joinResponse, roomDocument, sessionHarness } from './testing/session-harness';

const marco = { identity: 'staff-marco', displayName: 'Marco', role: 'staff' as const };
const giulia = { identity: 'guest-giulia', displayName: 'Giulia', role: 'guest' as const };

async function inRoom(role: 'staff' | 'guest' = 'staff') {
  const harness = sessionHarness();
  await harness.session.enter(joinResponse(role));
  harness.engine.join(marco);
  harness.engine.join(giulia);
  return harness;
}

describe('RoomSession: the room as the engine reports it', () => {
  it('participants join with their server-stamped role and receive my state', async () => {
    const { store, engine } = await inRoom();
    expect(store.getState().participants.entities['guest-giulia']).toMatchObject({ displayName: 'Giulia', role: 'guest', isLocal: false });
    expect(selectParticipantCount(store.getState())).toBe(3);
    expect(engine.sent.filter((entry) => entry.to === 'guest-giulia').map((entry) => entry.message.type)).toEqual(['state']);
  });

  it('remote tracks go to the registry with a version; audio-only participants are listed apart', async () => {
    const { store, engine, session } = await inRoom();
    const camera = fakeTrack('video');
    const audio = fakeTrack('audio');
    engine.emit('trackSubscribed', 'staff-marco', 'camera', camera);
    engine.emit('trackSubscribed', 'staff-marco', 'audio', audio);
    engine.emit('trackSubscribed', 'guest-giulia', 'audio', fakeTrack('audio'));
    engine.emit('trackSubscribed', 'guest-giulia', 'screen', fakeTrack('video'));
    expect(session.track('staff-marco', 'camera')).toBe(camera);
    expect(selectVideoTiles(store.getState())).toEqual([
      { identity: 'staff-me', kind: 'camera' },
      { identity: 'guest-giulia', kind: 'screen' },
      { identity: 'staff-marco', kind: 'camera' },
    ]);
    expect(selectHasAudio(store.getState(), 'staff-marco')).toBe(true);
    // Giulia shares a screen without a camera: listed apart too, so that her microphone and voice show.
    expect(selectAudioOnlyParticipants(store.getState()).map((p) => p.identity)).toEqual(['guest-giulia']);

    const version = store.getState().participants.entities['staff-marco']?.tracks.camera;
    engine.emit('trackUnsubscribed', 'staff-marco', 'camera');
    expect(session.track('staff-marco', 'camera')).toBeNull();
    expect(selectAudioOnlyParticipants(store.getState()).map((p) => p.identity)).toEqual(['staff-marco', 'guest-giulia']);
    engine.emit('trackSubscribed', 'staff-marco', 'camera', camera);
    expect(store.getState().participants.entities['staff-marco']?.tracks.camera).toBeGreaterThan(version as number);

    engine.emit('participantDisconnected', 'staff-marco', 'left');
    expect(store.getState().participants.entities['staff-marco']).toBeUndefined();
    expect(session.track('staff-marco', 'audio')).toBeNull();
  });

  it('state messages update the sender; hasAudio follows its mute', async () => {
    const { store, engine } = await inRoom();
    engine.emit('trackSubscribed', 'staff-marco', 'audio', fakeTrack('audio'));
    engine.emit('dataReceived', 'staff-marco', {
      type: 'state',
      payload: { displayName: 'Marco R.', muted: true, blurEnabled: true, backgroundEnabled: false },
    });
    expect(store.getState().participants.entities['staff-marco']).toMatchObject({ displayName: 'Marco R.', muted: true, blurEnabled: true, role: 'staff' });
    expect(selectHasAudio('staff-marco')(store.getState())).toBe(false);
  });

  it('a mute addressed to me from staff turns my microphone off and everyone is told', async () => {
    const { engine, media, store } = await inRoom('guest');
    engine.emit('dataReceived', 'staff-marco', { type: 'mute', payload: 'guest-me' });
    expect(media.calls).toEqual(['microphone:false']);
    expect(store.getState().localMedia.microphoneOn).toBe(false);
    expect(engine.messagesOfType('state').at(-1)?.payload.muted).toBe(true);
  });

  it('a mute from a guest, or addressed to someone else, is ignored', async () => {
    const { engine, media } = await inRoom('guest');
    engine.emit('dataReceived', 'guest-giulia', { type: 'mute', payload: 'guest-me' });
    engine.emit('dataReceived', 'staff-marco', { type: 'mute', payload: 'guest-giulia' });
    engine.emit('dataReceived', 'staff-unknown', { type: 'mute', payload: 'guest-me' });
    expect(media.calls).toEqual([]);
  });

  it('chat and file messages reach the chat; unread counts while the panel is closed', async () => {
    const { engine, store } = await inRoom();
    engine.emit('dataReceived', 'guest-giulia', { type: 'chat', payload: { id: 'm1', text: 'Buongiorno', sentAt: '2026-11-22T10:31:00.000Z' } });
    const file = { id: 'f1', name: 'a.pdf', size: 10, mimeType: 'application/pdf', url: '/api/documents/x', sentAt: '2026-11-22T10:32:00.000Z' };
    engine.emit('dataReceived', 'guest-giulia', { type: 'file', payload: file });
    engine.emit('dataReceived', 'guest-giulia', { type: 'file', payload: { ...file, id: 'f2', url: 'javascript:alert(1)' } });
    expect(store.getState().chat.messages).toEqual([
      { id: 'm1', from: 'guest-giulia', displayName: 'Giulia', mine: false, sentAt: '2026-11-22T10:31:00.000Z', kind: 'text', text: 'Buongiorno' },
      {
        id: 'f1',
        from: 'guest-giulia',
        displayName: 'Giulia',
        mine: false,
        sentAt: '2026-11-22T10:32:00.000Z',
        kind: 'file',
        file: { name: 'a.pdf', size: 10, mimeType: 'application/pdf', url: '/api/documents/x' },
      },
    ]);
    expect(selectUnreadCount(store.getState())).toBe(2);
  });

  it('sendChat, sendFile and shareDocument: sent to everyone and shown to the sender', async () => {
    const { session, engine, store, api } = await inRoom();
    session.sendChat('  Salve  ');
    session.sendChat('   ');
    await session.sendFile(new File(['%PDF'], 'listino.pdf', { type: 'application/pdf' }));
    session.shareDocument(roomDocument({ name: 'catalogo.pdf', url: '/api/documents/d2' }));
    expect(api.uploadChatFile).toHaveBeenCalledWith('00000000-0000-4000-8000-0000000000aa', expect.any(File));
    expect(engine.sent.filter((entry) => entry.message.type !== 'state')).toEqual([
      { message: { type: 'chat', payload: { id: 'id-1', text: 'Salve', sentAt: '2026-11-22T10:30:00.000Z' } } },
      {
        message: {
          type: 'file',
          payload: {
            id: 'id-2',
            name: 'listino.pdf',
            size: 1234,
            mimeType: 'application/pdf',
            url: '/api/documents/00000000-0000-4000-8000-0000000000d1/download?sig=abc',
            sentAt: '2026-11-22T10:30:00.000Z',
          },
        },
      },
      { message: { type: 'file', payload: expect.objectContaining({ id: 'id-3', name: 'catalogo.pdf' }) } },
    ]);
    expect(store.getState().chat.messages.map((m) => [m.kind, m.mine, m.displayName])).toEqual([
      ['text', true, 'Anna'],
      ['file', true, 'Anna'],
      ['file', true, 'Anna'],
    ]);
    expect(selectUnreadCount(store.getState())).toBe(0);
    expect(() => session.sendChat('x'.repeat(2001))).toThrow('A chat message is at most 2000 characters');
  });

  it('staff mute and remove participants; unknown ones are an error', async () => {
    const { session, engine, api } = await inRoom();
    session.muteParticipant('guest-giulia');
    expect(engine.sent.at(-1)).toEqual({ message: { type: 'mute', payload: 'guest-giulia' }, to: 'guest-giulia' });
    await session.kick('guest-giulia');
    expect(api.kick).toHaveBeenCalledWith('00000000-0000-4000-8000-0000000000aa', 'guest-giulia');
    expect(() => session.muteParticipant('guest-nobody')).toThrow('Unknown participant: guest-nobody');
    await expect(session.kick('guest-nobody')).rejects.toThrow('Unknown participant: guest-nobody');
  });

  it('a guest can neither mute nor remove', async () => {
    const { session, api } = await inRoom('guest');
    expect(() => session.muteParticipant('staff-marco')).toThrow('Only staff');
    await expect(session.kick('staff-marco')).rejects.toThrow('Only staff');
    expect(api.kick).not.toHaveBeenCalled();
  });

  it('removed from the room: error removed, disconnected, devices released', async () => {
    const { engine, store, media } = await inRoom();
    engine.emit('removed', 'kicked');
    engine.setState('disconnected');
    expect(store.getState().connection).toMatchObject({ status: 'disconnected', error: 'removed' });
    expect(media.calls).toContain('stop');
  });

  it('connection states are mirrored; a connection that cannot be saved ends with connection-lost', async () => {
    const { engine, store, media } = await inRoom();
    engine.setState('reconnecting');
    expect(store.getState().connection.status).toBe('reconnecting');
    engine.setState('connected');
    expect(store.getState().connection).toMatchObject({ status: 'connected', error: null });
    engine.setState('reconnecting');
    engine.setState('disconnected');
    await flush();
    expect(store.getState().connection).toMatchObject({ status: 'disconnected', error: 'connection-lost' });
    expect(media.calls).toContain('stop');
  });
});
