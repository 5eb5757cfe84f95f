import type { JoinRoomResponse, ParticipantRole } from '@incontra/contracts/api/video-room';
import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';
import type { Peer } from '@incontra/contracts/realtime/signalling';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import type { ConnectionState, LeaveReason, PublishableTrack, RemovalReason, VideoEngine } from '../../types';
import { LocalEngine } from '../local-engine';
import { createFakePeerConnection, fakeTrack } from './fake-peer-connection';
import type { FakeSignallingServer } from './fake-signalling';

export const ORIGIN = 'http://room.test';

export function peer(name: string, role: ParticipantRole = 'staff'): Peer {
  return { identity: `${role}-${name}`, displayName: name, role };
}

export function joinAs(self: Peer, token: string): JoinRoomResponse {
  return {
    provider: 'local',
    token,
    roomName: 'room-1',
    identity: self.identity,
    role: self.role,
    displayName: self.displayName,
    iceServers: [{ urls: 'stun:stun.test:3478' }],
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    room: { id: '00000000-0000-4000-8000-000000000001', name: 'Sala Roma', maxParticipants: null },
    signallingPath: '/api/realtime/room',
    uploadToken: token,
  };
}

export function camera(): PublishableTrack {
  return { kind: 'video', mediaStreamTrack: fakeTrack('video', 'camera') };
}

export function microphone(): PublishableTrack {
  return { kind: 'audio', mediaStreamTrack: fakeTrack('audio', 'microphone') };
}

/** Lets queued microtasks (fake network, fake negotiation) run to the end. */
export async function settle(rounds = 60): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

export type EngineEvent =
  | { type: 'state'; state: ConnectionState }
  | { type: 'joined'; identity: string; role: string }
  | { type: 'left'; identity: string; reason: LeaveReason }
  | { type: 'subscribed'; identity: string; name: TrackName; track: MediaStreamTrack }
  | { type: 'unsubscribed'; identity: string; name: TrackName }
  | { type: 'data'; from: string; message: DataMessage }
  | { type: 'removed'; reason: RemovalReason };

/** Everything an engine announced, in order. */
export function record(engine: VideoEngine): EngineEvent[] {
  const events: EngineEvent[] = [];
  engine.on('connectionStateChanged', (state) => events.push({ type: 'state', state }));
  engine.on('participantConnected', (p) => events.push({ type: 'joined', identity: p.identity, role: p.role }));
  engine.on('participantDisconnected', (identity, reason) => events.push({ type: 'left', identity, reason }));
  engine.on('trackSubscribed', (identity, name, track) => events.push({ type: 'subscribed', identity, name, track }));
  engine.on('trackUnsubscribed', (identity, name) => events.push({ type: 'unsubscribed', identity, name }));
  engine.on('dataReceived', (from, message) => events.push({ type: 'data', from, message }));
  engine.on('removed', (reason) => events.push({ type: 'removed', reason }));
  return events;
}

/** The tracks an engine currently shows for `identity` (subscribed minus unsubscribed). */
export function visibleTracks(events: EngineEvent[], identity: string): Map<TrackName, MediaStreamTrack> {
  const tracks = new Map<TrackName, MediaStreamTrack>();
  for (const event of events) {
    if (event.type === 'subscribed' && event.identity === identity) tracks.set(event.name, event.track);
    if (event.type === 'unsubscribed' && event.identity === identity) tracks.delete(event.name);
  }
  return tracks;
}

export interface Member {
  self: Peer;
  engine: LocalEngine;
  events: EngineEvent[];
  camera: PublishableTrack;
  microphone: PublishableTrack;
}

/** A participant joining through the fake server with camera and microphone. */
export async function joinMember(server: FakeSignallingServer, self: Peer): Promise<Member> {
  const engine = new LocalEngine({ createSocket: server.createSocket, createPeerConnection: createFakePeerConnection, origin: ORIGIN });
  const events = record(engine);
  const member = { self, engine, events, camera: camera(), microphone: microphone() };
  const token = server.admit(self);
  const connected = engine.connect(joinAs(self, token), [
    { name: TRACK_NAMES.audio, track: member.microphone },
    { name: TRACK_NAMES.camera, track: member.camera },
  ]);
  await settle();
  await connected;
  await settle();
  return member;
}
