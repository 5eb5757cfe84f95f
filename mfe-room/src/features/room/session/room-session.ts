import type { JoinRoomResponse, VideoProvider } from '@incontra/contracts/api/video-room';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';
import { ERRORS } from '@incontra/contracts/errors';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { createEngine as createDefaultEngine } from '../engine/create-engine';
import type { ConnectionState, PublishableTrack, RemovalReason, VideoEngine } from '../engine/types';
import type { LocalMediaSnapshot } from '../media/types';
import { chatMessageAdded, type ChatPayment } from '../store/chat-slice';
import { connectionStatusChanged, roomEntering, roomFailed, type RoomErrorKind } from '../store/connection-slice';
import { localMediaChanged, localMediaStateOf } from '../store/local-media-slice';
import { participantJoined, participantStateChanged, type ParticipantState } from '../store/participants-slice';
import type { RoomStore } from '../store/room-store';
import { TrackRegistry } from '../store/track-registry';
import { bridgeEngine } from './engine-bridge';
import { handleDataMessage } from './incoming-data';
import type { LocalMediaPort } from './local-media-port';
import { LocalPublishing } from './local-publishing';
import { localParticipantState } from './local-tracks';
import { outgoingFile, outgoingPayment, outgoingText } from './outgoing-chat';
import { connectError, removalError } from './room-errors';
import type { MeterFactory, Scheduler } from './speaking-monitor';
import { watchVoices } from './voices';
import { webAudioMeters } from '../media/audio-meter';

export interface RoomSessionApi {
  kick(roomId: string, identity: string): Promise<void>;
  uploadChatFile(roomId: string, file: File): Promise<RoomDocument>;
}

export interface RoomSessionOptions {
  store: RoomStore;
  /** LocalMediaController; the session publishes what it captures and follows its events. */
  media: LocalMediaPort;
  api: RoomSessionApi;
  createEngine?: (provider: VideoProvider) => Promise<VideoEngine>;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
  /** Failures of work nobody awaits (a republish after a device change). */
  onError?: (error: unknown) => void;
  /** Level meters for the speaking indicator: Web Audio's by default; null, none. */
  meters?: MeterFactory | null;
  /** The speaking monitor's sampling timer (tests drive it by hand). */
  scheduleSpeaking?: Scheduler;
}

interface Entered {
  join: JoinRoomResponse;
  engine: VideoEngine;
  publishing: LocalPublishing;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The room's rules, written once above either engine (spec sections 4, 5 and 8): what is
 * published and when, the 53304 retry, mute from staff only, chat and files, quitting. The UI
 * calls its methods and reads the store; tracks are read through `track()` / `tracks`.
 */
export class RoomSession {
  readonly tracks = new TrackRegistry();
  private readonly store: RoomStore;
  private readonly media: LocalMediaPort;
  private readonly options: RoomSessionOptions;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly detachMedia: Array<() => void>;
  private room: Entered | null = null;
  private enterStarted = false;
  private detachEngine: () => void = () => undefined;
  private stopVoices: () => void = () => undefined;
  private left = false;
  private everConnected = false;
  private lastState: string | null = null;

  constructor(options: RoomSessionOptions) {
    this.options = options;
    this.store = options.store;
    this.media = options.media;
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? (() => new Date());
    const media = options.media;
    this.detachMedia = [
      media.on('changed', (snapshot) => this.mediaChanged(snapshot)),
      media.on('cameraReplaced', (track) => this.background((publishing) => publishing.publish(TRACK_NAMES.camera, track))),
      media.on('microphoneReplaced', (track) => this.background((publishing) => publishing.publish(TRACK_NAMES.audio, track))),
      media.on('cameraProcessorChanged', () => this.background((publishing) => publishing.processorChanged())),
      media.on('screenEnded', () => this.background((publishing) => publishing.stopScreen())),
    ];
    this.store.dispatch(localMediaChanged(localMediaStateOf(media.snapshot())));
  }

  /** Connects with the current microphone and camera (plus data), then tells everyone its state. */
  async enter(join: JoinRoomResponse): Promise<void> {
    if (this.enterStarted || this.room) throw new Error('Room already entered');
    this.enterStarted = true;
    const { dispatch } = this.store;
    dispatch(roomEntering({ provider: join.provider, room: join.room, localIdentity: join.identity }));
    dispatch(participantJoined({ identity: join.identity, displayName: join.displayName, role: join.role, isLocal: true }));
    dispatch(participantStateChanged({ identity: join.identity, changes: this.localState(join) }));
    let engine: VideoEngine;
    try {
      engine = await (this.options.createEngine ?? createDefaultEngine)(join.provider);
    } catch (error) {
      this.failed('join-failed');
      throw error;
    }
    if (this.left) return; // quit while the engine was loading
    const publishing = new LocalPublishing({ engine, media: this.media, store: this.store, tracks: this.tracks, identity: join.identity, sleep: this.sleep });
    this.room = { join, engine, publishing };
    this.detachEngine = bridgeEngine(engine, this.store, this.tracks, {
      participantConnected: (participant) => this.sendState(participant.identity),
      dataReceived: (from, message) =>
        handleDataMessage({ store: this.store, media: this.media, localIdentity: join.identity, origin: window.location.origin }, from, message),
      removed: (reason) => this.removed(reason),
      stateChanged: (state) => this.engineStateChanged(state),
    });
    const { microphone, camera } = this.media.snapshot();
    const tracks: Array<{ name: TrackName; track: PublishableTrack }> = [];
    if (microphone) tracks.push({ name: TRACK_NAMES.audio, track: microphone });
    if (camera) tracks.push({ name: TRACK_NAMES.camera, track: camera });
    try {
      await engine.connect(join, tracks);
    } catch (error) {
      this.failed(this.store.getState().connection.error ?? connectError(error));
      throw error;
    }
    if (this.left) {
      engine.disconnect();
      return;
    }
    publishing.adopt(tracks);
    this.sendState();
    this.startVoices(join.identity);
  }

  async toggleMicrophone(): Promise<void> {
    await this.requireRoom().publishing.toggleMicrophone();
  }

  async toggleCamera(): Promise<void> {
    await this.requireRoom().publishing.toggleCamera();
  }

  async toggleScreenShare(): Promise<void> {
    await this.requireRoom().publishing.toggleScreenShare();
  }

  async toggleBlur(): Promise<void> {
    this.requireRoom();
    await this.media.toggleBlur();
  }

  async setBackgroundImage(url: string | null): Promise<void> {
    this.requireRoom();
    await this.media.setBackgroundImage(url);
  }

  /** The new microphone is re-published when media announces it (`microphoneReplaced`). */
  async changeMicrophone(deviceId: string): Promise<void> {
    this.requireRoom();
    await this.media.changeMicrophone(deviceId);
  }

  async changeCamera(deviceId: string): Promise<void> {
    this.requireRoom();
    await this.media.changeCamera(deviceId);
  }

  sendChat(text: string): void {
    const { join, engine } = this.requireRoom();
    const trimmed = text.trim();
    if (!trimmed) return;
    const { message, entry } = outgoingText(join, trimmed, this.newId(), this.now().toISOString());
    engine.send(message);
    this.store.dispatch(chatMessageAdded(entry));
  }

  /** Uploads the file to the room, then sends its link; the sender sees it in the chat too. */
  async sendFile(file: File): Promise<void> {
    const { join } = this.requireRoom();
    const document = await this.options.api.uploadChatFile(join.room.id, file);
    this.shareDocument(document);
  }

  shareDocument(document: RoomDocument): void {
    const { join, engine } = this.requireRoom();
    const { message, entry } = outgoingFile(join, document, this.newId(), this.now().toISOString());
    engine.send(message);
    this.store.dispatch(chatMessageAdded(entry));
  }

  /** Staff only: puts a payment request made for this call into the chat, as a card the others pay from. */
  sendPayment(payment: ChatPayment): void {
    const { join, engine } = this.requireStaff();
    const { message, entry } = outgoingPayment(join, payment, this.newId(), this.now().toISOString());
    engine.send(message);
    this.store.dispatch(chatMessageAdded(entry));
  }

  /** Staff only: asks `identity` to turn its microphone off. */
  muteParticipant(identity: string): void {
    const { engine } = this.requireStaff();
    this.requireParticipant(identity);
    engine.send({ type: 'mute', payload: identity }, identity);
  }

  /** Staff only: removes `identity` from the room (the server revokes its token). */
  async kick(identity: string): Promise<void> {
    const { join } = this.requireStaff();
    this.requireParticipant(identity);
    await this.options.api.kick(join.room.id, identity);
  }

  /** Releases microphone, camera and screen first (the camera light goes off at once), then leaves. */
  quit(): void {
    if (!this.room && !this.enterStarted) throw new Error(ERRORS.roomNotInitialized);
    const alreadyLeft = this.left;
    this.left = true;
    this.media.stop();
    this.stopVoices();
    if (alreadyLeft) return;
    this.room?.engine.disconnect();
    if (this.store.getState().connection.status !== 'disconnected') this.store.dispatch(connectionStatusChanged('disconnected'));
    this.tracks.clear();
  }

  track(identity: string, name: TrackName): MediaStreamTrack | null {
    return this.tracks.get(identity, name);
  }

  /** Stops listening; a room still entered is quit. Local media is left alone if the room never was entered. */
  dispose(): void {
    if ((this.room || this.enterStarted) && !this.left) this.quit();
    this.detachMedia.forEach((off) => off());
    this.detachEngine();
    this.stopVoices();
  }

  /** The speaking indicator's measurements, from the moment the room is entered. */
  private startVoices(localIdentity: string): void {
    const meters = this.options.meters === undefined ? webAudioMeters() : this.options.meters;
    if (!meters) return;
    this.stopVoices = watchVoices({
      store: this.store,
      tracks: this.tracks,
      media: this.media,
      localIdentity,
      meters,
      schedule: this.options.scheduleSpeaking,
    });
  }

  private requireRoom(): Entered {
    if (!this.room || this.left) throw new Error(ERRORS.roomNotInitialized);
    return this.room;
  }

  private requireStaff(): Entered {
    const room = this.requireRoom();
    if (room.join.role !== 'staff') throw new Error('Only staff can mute or remove participants, or ask for a payment');
    return room;
  }

  private requireParticipant(identity: string): void {
    const participant = this.store.getState().participants.entities[identity];
    if (!participant || participant.isLocal) throw new Error(`Unknown participant: ${identity}`);
  }

  private mediaChanged(snapshot: LocalMediaSnapshot): void {
    this.store.dispatch(localMediaChanged(localMediaStateOf(snapshot)));
    if (!this.room || this.left) return;
    const identity = this.room.join.identity;
    this.store.dispatch(participantStateChanged({ identity, changes: this.localState(this.room.join, snapshot) }));
    this.sendState();
  }

  private localState(join: JoinRoomResponse, snapshot = this.media.snapshot()): ParticipantState {
    return localParticipantState(join.displayName, snapshot);
  }

  /** `state` to everyone when it changed (or to one newcomer, always). */
  private sendState(to?: string): void {
    const room = this.room;
    if (!room || this.left) return;
    const status = room.engine.connectionState;
    if (status !== 'connected' && status !== 'reconnecting') return;
    const payload = this.localState(room.join);
    const key = JSON.stringify(payload);
    if (to === undefined && key === this.lastState) return;
    const message: DataMessage = { type: 'state', payload };
    try {
      room.engine.send(message, to);
      if (to === undefined) this.lastState = key;
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private engineStateChanged(state: ConnectionState): void {
    if (state === 'connected') {
      this.everConnected = true;
      this.sendState();
    }
    if (state !== 'disconnected' || this.left) return;
    // Put out of the room (removed, refused, or a connection that could not be saved): release the devices.
    this.left = true;
    this.store.dispatch(roomFailed(this.everConnected ? 'connection-lost' : 'join-failed'));
    this.media.stop();
    this.stopVoices();
    this.tracks.clear();
  }

  private removed(reason: RemovalReason): void {
    this.store.dispatch(roomFailed(removalError(reason, !this.everConnected)));
  }

  private failed(kind: RoomErrorKind): void {
    this.store.dispatch(roomFailed(kind));
    this.store.dispatch(connectionStatusChanged('disconnected'));
    this.left = true;
    this.detachEngine();
  }

  /** Media events that need the room; failures go to onError, nobody awaits them. */
  private background(work: (publishing: LocalPublishing) => Promise<void>): void {
    if (!this.room || this.left) return;
    work(this.room.publishing).catch((error: unknown) => this.options.onError?.(error));
  }

  private newId(): string {
    return this.options.newId?.() ?? messageId();
  }
}

/** randomUUID exists only in secure contexts; a message id needs no more than random hex. */
function messageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
