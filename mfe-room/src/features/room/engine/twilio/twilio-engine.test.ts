import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { ERRORS } from '@incontra/contracts/errors';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { FakeLocalAudioTrack, FakeLocalVideoTrack, FakeMediaStreamTrack } from '../../media/testing/fake-media';
import type { EngineEvents, PublishableTrack } from '../types';
import { FakeDataTrack, FakeRoom, fakeConnect, twilioError } from './testing/fake-room';
import { TwilioEngine } from './twilio-engine';

const SELF = 'staff-11111111-1111-4111-8111-111111111111';
const GUEST = 'guest-22222222-2222-4222-8222-222222222222';
const STAFF = 'staff-33333333-3333-4333-8333-333333333333';

const join: JoinRoomResponse = {
  provider: 'twilio',
  token: 'twilio-access-token',
  roomName: 'company-room',
  identity: SELF,
  role: 'staff',
  displayName: 'Anna',
  iceServers: [],
  expiresAt: '2026-11-22T12:00:00.000Z',
  room: { id: '44444444-4444-4444-8444-444444444444', name: 'Sala', maxParticipants: null },
  signallingPath: '/api/realtime/room',
  uploadToken: 'upload-token',
};

const chat: DataMessage = { type: 'chat', payload: { id: 'm1', text: 'Ciao', sentAt: '2026-11-22T10:00:00.000Z' } };

function record(engine: TwilioEngine) {
  const events: Array<[keyof EngineEvents, ...unknown[]]> = [];
  const names: Array<keyof EngineEvents> = [
    'connectionStateChanged',
    'participantConnected',
    'participantDisconnected',
    'trackSubscribed',
    'trackUnsubscribed',
    'dataReceived',
    'removed',
  ];
  for (const name of names) engine.on(name, (...args: unknown[]) => events.push([name, ...args]));
  return events;
}

function setup(room = new FakeRoom(join.roomName, SELF)) {
  const { connect, calls } = fakeConnect(room);
  const dataTrack = new FakeDataTrack();
  const engine = new TwilioEngine({ connect, createDataTrack: () => dataTrack.asTrack() });
  const events = record(engine);
  return { engine, room, calls, dataTrack, events };
}

function localTracks() {
  const camera = new FakeLocalVideoTrack({ name: 'camera' });
  const audio = new FakeLocalAudioTrack({ name: 'audio' });
  return {
    camera,
    audio,
    tracks: [
      { name: 'camera' as const, track: camera.asTrack() as PublishableTrack },
      { name: 'audio' as const, track: audio.asTrack() as PublishableTrack },
    ],
  };
}

describe('TwilioEngine: connecting', () => {
  it('connects with the token, the room name, the named local tracks and a data track', async () => {
    const { engine, calls, dataTrack, events } = setup();
    const { camera, audio, tracks } = localTracks();
    expect(engine.provider).toBe('twilio');
    expect(engine.connectionState).toBe('connecting');

    await engine.connect(join, tracks);

    expect(calls).toHaveLength(1);
    expect(calls[0]?.token).toBe('twilio-access-token');
    expect(calls[0]?.options).toEqual({ name: 'company-room', tracks: [camera, audio, dataTrack], dominantSpeaker: false, networkQuality: false });
    expect(engine.connectionState).toBe('connected');
    expect(events).toEqual([['connectionStateChanged', 'connected']]);
  });

  it('publishes a raw track (screen) under its name once connected', async () => {
    const { engine, room, calls } = setup();
    const screen = new FakeMediaStreamTrack('video').asTrack();

    await engine.connect(join, [{ name: 'screen', track: { kind: 'video', mediaStreamTrack: screen } }]);

    expect(calls[0]?.options.tracks).toHaveLength(1);
    expect(room.localParticipant.publishCalls).toEqual([{ track: screen, options: { name: 'screen' } }]);
  });

  it('rejects with the provider error, its code intact, and ends disconnected', async () => {
    const refusal = twilioError(20104, 'Access Token expired or expiration date invalid');
    const engine = new TwilioEngine({ connect: () => Promise.reject(refusal), createDataTrack: () => new FakeDataTrack().asTrack() });
    const events = record(engine);

    await expect(engine.connect(join, [])).rejects.toBe(refusal);
    expect(engine.connectionState).toBe('disconnected');
    expect(events).toEqual([['connectionStateChanged', 'disconnected']]);
  });

  it('announces participants already in the room, with their subscribed tracks', async () => {
    const room = new FakeRoom(join.roomName, SELF);
    const guest = room.seat(GUEST);
    const camera = guest.addTrack('video', 'camera');
    guest.addTrack('audio', 'audio', false);
    guest.addTrack('data', 'data');
    const { engine, events } = setup(room);

    await engine.connect(join, []);

    expect(events).toEqual([
      ['connectionStateChanged', 'connected'],
      ['participantConnected', { identity: GUEST, displayName: GUEST, role: 'guest' }],
      ['trackSubscribed', GUEST, 'camera', camera.mediaStreamTrack],
    ]);
  });

  it('cancels a connection under way when disconnected, and leaves the room that arrives anyway', async () => {
    const room = new FakeRoom(join.roomName, SELF);
    let resolve: (value: FakeRoom) => void = () => undefined;
    const cancel = jest.fn();
    const connect = () =>
      Object.assign(
        new Promise<FakeRoom>((done) => (resolve = done)).then((value) => value.asRoom()),
        { cancel },
      );
    const engine = new TwilioEngine({ connect, createDataTrack: () => new FakeDataTrack().asTrack() });
    const connecting = engine.connect(join, []);
    await Promise.resolve();

    engine.disconnect();
    resolve(room);
    await connecting;

    expect(cancel).toHaveBeenCalled();
    expect(room.disconnectCalls).toBe(1);
    expect(engine.connectionState).toBe('disconnected');
  });

  it('connects once: disconnected is final', async () => {
    const { engine } = setup();
    await engine.connect(join, []);
    engine.disconnect();

    await expect(engine.connect(join, [])).rejects.toThrow('Cannot transition from disconnected to connecting');
  });
});

describe('TwilioEngine: room events', () => {
  it('maps participants joining and leaving, the role from the identity', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    events.length = 0;

    const guest = room.join(GUEST);
    room.join(STAFF);
    room.join('someone-else');
    room.leave(guest);

    expect(events).toEqual([
      ['participantConnected', { identity: GUEST, displayName: GUEST, role: 'guest' }],
      ['participantConnected', { identity: STAFF, displayName: STAFF, role: 'staff' }],
      ['participantConnected', { identity: 'someone-else', displayName: 'someone-else', role: 'guest' }],
      ['participantDisconnected', GUEST, 'left'],
    ]);
  });

  it('maps subscribed and unsubscribed tracks by name, ignoring data and unknown names', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    const guest = room.join(GUEST);
    events.length = 0;

    for (const [kind, name] of [
      ['video', 'camera'],
      ['audio', 'audio'],
      ['video', 'screen'],
      ['audio', 'screen-audio'],
      ['video', 'whiteboard'],
      ['data', 'data'],
    ] as const) {
      const track = guest.addTrack(kind, name);
      room.emit('trackSubscribed', track, null, guest);
      room.emit('trackUnsubscribed', track, null, guest);
    }

    expect(events.map(([event, , name]) => `${event}:${String(name)}`)).toEqual([
      'trackSubscribed:camera',
      'trackUnsubscribed:camera',
      'trackSubscribed:audio',
      'trackUnsubscribed:audio',
      'trackSubscribed:screen',
      'trackUnsubscribed:screen',
      'trackSubscribed:screen-audio',
      'trackUnsubscribed:screen-audio',
    ]);
    expect(events[0]).toEqual(['trackSubscribed', GUEST, 'camera', expect.any(FakeMediaStreamTrack)]);
  });

  it('parses data messages and drops what is invalid or addressed to someone else', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    const guest = room.join(GUEST);
    events.length = 0;
    const emitData = (data: unknown) => room.emit('trackMessage', data, null, guest);

    emitData(JSON.stringify(chat));
    emitData(JSON.stringify({ to: SELF, message: { type: 'mute', payload: SELF } }));
    emitData(JSON.stringify({ to: STAFF, message: { type: 'mute', payload: STAFF } }));
    emitData('not json');
    emitData(JSON.stringify({ type: 'chat', payload: { id: 'x', text: '', sentAt: 'now' } }));
    emitData(JSON.stringify({ type: 'unknown', payload: 1 }));
    emitData(new ArrayBuffer(4));

    expect(events).toEqual([
      ['dataReceived', GUEST, chat],
      ['dataReceived', GUEST, { type: 'mute', payload: SELF }],
    ]);
  });

  it('follows reconnecting and reconnected', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    events.length = 0;

    room.emit('reconnecting', twilioError(53001));
    expect(engine.connectionState).toBe('reconnecting');
    room.emit('reconnected');

    expect(engine.connectionState).toBe('connected');
    expect(events).toEqual([
      ['connectionStateChanged', 'reconnecting'],
      ['connectionStateChanged', 'connected'],
    ]);
  });
});

describe('TwilioEngine: leaving and removal', () => {
  it('leaves without a removal and stops listening to the room', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    events.length = 0;

    engine.disconnect();
    room.emit('participantConnected', room.localParticipant);

    expect(room.disconnectCalls).toBe(1);
    expect(events).toEqual([['connectionStateChanged', 'disconnected']]);
    expect(room.listenerCount('participantConnected')).toBe(0);
    expect(() => engine.send(chat)).toThrow(ERRORS.localDataTrackNotInitialized);
  });

  it.each([
    ['removed through the REST API (no error)', null, 'kicked'],
    ['room completed', twilioError(53118, 'Room completed'), 'kicked'],
    ['duplicate identity', twilioError(53205, 'Participant disconnected because of duplicate identity'), 'kicked'],
    ['token expired', twilioError(20104), 'unauthorized'],
  ])('reports the removal when %s, before the final state', async (_case, error, reason) => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    events.length = 0;

    room.emit('disconnected', room, error);

    expect(events).toEqual([
      ['removed', reason],
      ['connectionStateChanged', 'disconnected'],
    ]);
  });

  it('reports a lost connection as the final state only', async () => {
    const { engine, room, events } = setup();
    await engine.connect(join, []);
    events.length = 0;

    room.emit('disconnected', room, twilioError(53405, 'Media connection failed or Media activity ceased'));

    expect(events).toEqual([['connectionStateChanged', 'disconnected']]);
  });
});

describe('TwilioEngine: publishing and data', () => {
  it('refuses to publish before connecting', async () => {
    const { engine } = setup();
    await expect(engine.publish('camera', new FakeLocalVideoTrack({ name: 'camera' }).asTrack())).rejects.toThrow(ERRORS.roomNotInitialized);
  });

  it('publishes twilio tracks as they are and raw tracks under the name, then unpublishes by name', async () => {
    const { engine, room } = setup();
    await engine.connect(join, []);
    const camera = new FakeLocalVideoTrack({ name: 'camera' });
    const screenAudio = new FakeMediaStreamTrack('audio').asTrack();

    await engine.publish('camera', camera.asTrack());
    await engine.publish('screen-audio', { kind: 'audio', mediaStreamTrack: screenAudio });

    expect(room.localParticipant.publishCalls).toEqual([
      { track: camera, options: undefined },
      { track: screenAudio, options: { name: 'screen-audio' } },
    ]);
    const publication = room.localParticipant.publicationNamed('camera');
    await engine.unpublish('camera');
    await engine.unpublish('screen');
    expect(publication?.unpublished).toBe(true);
    expect(room.localParticipant.publicationNamed('camera')).toBeUndefined();
    expect(room.localParticipant.publicationNamed('screen-audio')).toMatchObject({ trackName: 'screen-audio', unpublished: false });
  });

  it('rejects with the numeric code so that the session can retry 53304', async () => {
    const { engine, room } = setup();
    await engine.connect(join, []);
    room.localParticipant.failNextPublish(twilioError(53304, 'Track name is duplicated'));

    await expect(engine.publish('camera', new FakeLocalVideoTrack({ name: 'camera' }).asTrack())).rejects.toMatchObject({ code: 53304 });
  });

  it('refreshes as a no-op: Twilio sends the processed frames itself', async () => {
    const { engine } = setup();
    await engine.connect(join, []);
    await expect(engine.refresh('camera')).resolves.toBeUndefined();
  });

  it('sends data to everyone, or wrapped for one identity', async () => {
    const { engine, dataTrack } = setup();
    expect(() => engine.send(chat)).toThrow(ERRORS.localDataTrackNotInitialized);
    await engine.connect(join, []);

    engine.send(chat);
    engine.send({ type: 'mute', payload: GUEST }, GUEST);

    expect(dataTrack.sent.map((raw) => JSON.parse(raw))).toEqual([chat, { to: GUEST, message: { type: 'mute', payload: GUEST } }]);
  });
});
