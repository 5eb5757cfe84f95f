import { roleOfIdentity, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { isTrackName, type TrackName } from '@incontra/contracts/constants';
import { cannotTransition, ERRORS } from '@incontra/contracts/errors';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import type { EventEmitter } from 'events';
import type {
  LocalAudioTrack,
  LocalDataTrack,
  LocalTrack,
  LocalVideoTrack,
  RemoteParticipant,
  RemoteTrack,
  RemoteTrackPublication,
  Room,
  TwilioError,
} from 'twilio-video';
import { Emitter } from '../../media/emitter';
import { canTransition, ConnectionStateMachine } from '../connection-state';
import type { ConnectionState, EngineEvents, PublishableTrack, RemovalReason, Unsubscribe, VideoEngine } from '../types';
import { decodeDataMessage, encodeDataMessage } from './data-envelope';
import { loadTwilioSdk, type TwilioSdk } from './twilio-sdk';
import { videoErrorCategory } from './video-errors';

export interface TwilioEngineOptions {
  /** Tests hand in a fake room through these; by default twilio-video is loaded on connect. */
  connect?: TwilioSdk['connect'];
  createDataTrack?: TwilioSdk['createDataTrack'];
}

/** twilio-video's own local tracks (what LocalMediaController creates), as opposed to a raw screen track. */
function isTwilioTrack(track: PublishableTrack): track is LocalAudioTrack | LocalVideoTrack {
  const candidate = track as Partial<LocalVideoTrack>;
  return typeof candidate.name === 'string' && typeof candidate.enable === 'function';
}

/**
 * Why the server ended our presence, from the `disconnected` event's error. Twilio sends no error
 * when a participant is removed through its REST API, which is how staff remove someone; a room
 * completed or the same identity joining elsewhere also put this participant out for good. Other
 * codes are lost connections: no removal.
 */
function removalReasonOf(error: TwilioError | null | undefined): RemovalReason | null {
  if (!error) return 'kicked';
  switch (videoErrorCategory(error.code)) {
    case 'room-completed':
    case 'duplicate-identity':
      return 'kicked';
    case 'access-token':
      return 'unauthorized';
    case 'room-full':
      return 'room-full';
    default:
      return null;
  }
}

/**
 * The `twilio` engine: a thin adapter from twilio-video's Room to VideoEngine. Twilio sends a
 * camera track's processed frames by itself, so `refresh` has nothing to do. Connect options
 * leave out bandwidthProfile: with it, Twilio would switch off remote video that is not attached
 * through its own `attach()`, and the UI attaches raw MediaStreamTracks.
 */
export class TwilioEngine implements VideoEngine {
  readonly provider = 'twilio';
  private readonly emitter = new Emitter<EngineEvents>();
  private readonly machine = new ConnectionStateMachine();
  private room: Room | null = null;
  private dataTrack: LocalDataTrack | null = null;
  private pending: ReturnType<TwilioSdk['connect']> | null = null;
  private leaving = false;
  private readonly detachers: Array<() => void> = [];

  constructor(private readonly options: TwilioEngineOptions = {}) {}

  get connectionState(): ConnectionState {
    return this.machine.state;
  }

  on<E extends keyof EngineEvents>(event: E, listener: EngineEvents[E]): Unsubscribe {
    return this.emitter.on(event, listener);
  }

  /**
   * One connection per engine: disconnected is final. twilio-video's own tracks (named camera,
   * audio) connect with the room; a raw track is published right after, and its failure rejects
   * (the room stays connected: the caller disconnects).
   */
  async connect(join: JoinRoomResponse, tracks: ReadonlyArray<{ name: TrackName; track: PublishableTrack }>): Promise<void> {
    if (this.room || this.pending || this.machine.state !== 'connecting') throw new Error(cannotTransition(this.machine.state, 'connecting'));
    const sdk = await this.sdk();
    if (this.leaving) return;
    const dataTrack = sdk.createDataTrack();
    // twilio-video's own tracks already carry their names; a raw track gets its name on publish.
    const named = tracks.filter(({ name, track }) => isTwilioTrack(track) && track.name === name);
    const others = tracks.filter((entry) => !named.includes(entry));
    let room: Room;
    try {
      this.pending = sdk.connect(join.token, {
        name: join.roomName,
        tracks: [...named.map(({ track }) => track as LocalTrack), dataTrack],
        dominantSpeaker: false,
        networkQuality: false,
      });
      room = await this.pending;
    } catch (error) {
      this.moveTo('disconnected');
      throw error;
    } finally {
      this.pending = null;
    }
    if (this.leaving) {
      room.disconnect();
      return;
    }
    this.room = room;
    this.dataTrack = dataTrack;
    this.listen(room);
    this.moveTo('connected');
    room.participants.forEach((participant) => this.announceParticipant(participant));
    for (const { name, track } of others) await this.publish(name, track);
  }

  disconnect(): void {
    this.leaving = true;
    this.pending?.cancel?.();
    const room = this.room;
    if (room) room.disconnect();
    this.finish();
  }

  async publish(name: TrackName, track: PublishableTrack): Promise<void> {
    const { localParticipant } = this.requireRoom();
    // Errors keep twilio-video's numeric code: the session retries 53304 (duplicate name).
    if (isTwilioTrack(track) && track.name === name) await localParticipant.publishTrack(track);
    else await localParticipant.publishTrack(track.mediaStreamTrack, { name });
  }

  async unpublish(name: TrackName): Promise<void> {
    const { localParticipant } = this.requireRoom();
    for (const publication of localParticipant.tracks.values()) {
      if (publication.trackName === name) publication.unpublish();
    }
  }

  /** Twilio publishes a processed camera's output itself: nothing to refresh. */
  async refresh(_name: TrackName): Promise<void> {}

  /** Twilio data tracks reach everyone: a message for one identity is wrapped (see data-envelope). */
  send(message: DataMessage, to?: string): void {
    if (!this.dataTrack) throw new Error(ERRORS.localDataTrackNotInitialized);
    this.dataTrack.send(encodeDataMessage(message, to));
  }

  private async sdk(): Promise<Pick<TwilioSdk, 'connect' | 'createDataTrack'>> {
    const { connect, createDataTrack } = this.options;
    if (connect && createDataTrack) return { connect, createDataTrack };
    const loaded = await loadTwilioSdk();
    return { connect: connect ?? loaded.connect, createDataTrack: createDataTrack ?? loaded.createDataTrack };
  }

  private requireRoom(): Room {
    if (!this.room) throw new Error(ERRORS.roomNotInitialized);
    return this.room;
  }

  private listen(room: Room): void {
    // Room's typed `on` overloads, seen through the EventEmitter it is, so one helper pairs on/off.
    const emitter: EventEmitter = room;
    const subscribe = <A extends unknown[]>(event: string, listener: (...args: A) => void) => {
      const relay = listener as (...args: unknown[]) => void;
      emitter.on(event, relay);
      this.detachers.push(() => emitter.off(event, relay));
    };
    subscribe('participantConnected', (participant: RemoteParticipant) => this.announceParticipant(participant));
    subscribe('participantDisconnected', (participant: RemoteParticipant) => this.emitter.emit('participantDisconnected', participant.identity, 'left'));
    subscribe('trackSubscribed', (track: RemoteTrack, _publication: RemoteTrackPublication, participant: RemoteParticipant) =>
      this.announceTrack(track, participant),
    );
    subscribe('trackUnsubscribed', (track: RemoteTrack, _publication: RemoteTrackPublication, participant: RemoteParticipant) => {
      if (track.kind !== 'data' && isTrackName(track.name)) this.emitter.emit('trackUnsubscribed', participant.identity, track.name);
    });
    subscribe('trackMessage', (data: string | ArrayBuffer, _track: unknown, participant: RemoteParticipant) => {
      const message = decodeDataMessage(data, room.localParticipant.identity);
      if (message) this.emitter.emit('dataReceived', participant.identity, message);
    });
    subscribe('reconnecting', () => this.moveTo('reconnecting'));
    subscribe('reconnected', () => this.moveTo('connected'));
    subscribe('disconnected', (_room: Room, error: TwilioError | null) => {
      const reason = this.leaving ? null : removalReasonOf(error);
      // The reason first: whoever reacts to the final state already knows why it came.
      if (reason) this.emitter.emit('removed', reason);
      this.finish();
    });
  }

  private announceParticipant(participant: RemoteParticipant): void {
    const { identity } = participant;
    // The role is the server-minted identity's prefix; the display name arrives in a `state` message.
    this.emitter.emit('participantConnected', { identity, displayName: identity, role: roleOfIdentity(identity) ?? 'guest' });
    participant.tracks.forEach((publication) => {
      if (publication.isSubscribed && publication.track) this.announceTrack(publication.track, participant);
    });
  }

  private announceTrack(track: RemoteTrack, participant: RemoteParticipant): void {
    // Data arrives through `trackMessage`; media is known by the name it was published under.
    if (track.kind === 'data' || !isTrackName(track.name)) return;
    this.emitter.emit('trackSubscribed', participant.identity, track.name, track.mediaStreamTrack);
  }

  private finish(): void {
    this.detachers.splice(0).forEach((detach) => detach());
    this.room = null;
    this.dataTrack = null;
    this.moveTo('disconnected');
  }

  /** A provider event that arrives after the final state (or repeats) is ignored, never thrown. */
  private moveTo(state: ConnectionState): void {
    if (!canTransition(this.machine.state, state)) return;
    this.machine.transition(state);
    this.emitter.emit('connectionStateChanged', state);
  }
}
