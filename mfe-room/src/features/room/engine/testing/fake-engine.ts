import type { JoinRoomResponse, VideoProvider } from '@incontra/contracts/api/video-room';
import type { TrackName } from '@incontra/contracts/constants';
import { ERRORS } from '@incontra/contracts/errors';
import type { DataMessage } from '@incontra/contracts/room/data-messages';
import { Emitter } from '../../media/emitter';
import { ConnectionStateMachine } from '../connection-state';
import type { ConnectionState, EngineEvents, PublishableTrack, RemoteParticipantInfo, Unsubscribe, VideoEngine } from '../types';

/**
 * A VideoEngine for tests of what sits above engines (the room session, the UI): it records
 * every call, publishes into a map, fails publishes on demand, and lets the test play the room
 * (`emit` any engine event, `setState` for connection moves).
 */
export class FakeEngine implements VideoEngine {
  readonly calls: string[] = [];
  readonly published = new Map<TrackName, PublishableTrack>();
  readonly sent: Array<{ message: DataMessage; to?: string }> = [];
  joined: JoinRoomResponse | null = null;
  connectedWith: Array<{ name: TrackName; track: PublishableTrack }> = [];
  /** Errors the next publishes throw, in order (`{ code: 53304 }` for Twilio's retryable one). */
  publishFailures: unknown[] = [];
  /** Makes connect reject with this. */
  connectFailure: Error | null = null;
  private readonly machine = new ConnectionStateMachine();
  private readonly emitter = new Emitter<EngineEvents>();

  constructor(readonly provider: VideoProvider = 'local') {}

  get connectionState(): ConnectionState {
    return this.machine.state;
  }

  on<E extends keyof EngineEvents>(event: E, listener: EngineEvents[E]): Unsubscribe {
    return this.emitter.on(event, listener);
  }

  async connect(join: JoinRoomResponse, tracks: ReadonlyArray<{ name: TrackName; track: PublishableTrack }>): Promise<void> {
    this.calls.push('connect');
    await Promise.resolve();
    if (this.connectFailure) {
      this.setState('disconnected');
      throw this.connectFailure;
    }
    this.joined = join;
    this.connectedWith = [...tracks];
    for (const { name, track } of tracks) this.published.set(name, track);
    this.setState('connected');
  }

  disconnect(): void {
    this.calls.push('disconnect');
    this.setState('disconnected');
  }

  async publish(name: TrackName, track: PublishableTrack): Promise<void> {
    this.calls.push(`publish:${name}`);
    await Promise.resolve();
    const failure = this.publishFailures.shift();
    if (failure !== undefined) throw failure;
    this.published.set(name, track);
  }

  async unpublish(name: TrackName): Promise<void> {
    this.calls.push(`unpublish:${name}`);
    await Promise.resolve();
    this.published.delete(name);
  }

  async refresh(name: TrackName): Promise<void> {
    this.calls.push(`refresh:${name}`);
    await Promise.resolve();
  }

  send(message: DataMessage, to?: string): void {
    if (this.connectionState !== 'connected' && this.connectionState !== 'reconnecting') {
      throw new Error(ERRORS.localDataTrackNotInitialized);
    }
    this.sent.push(to === undefined ? { message } : { message, to });
  }

  /** Test control: anything the room would announce. */
  emit<E extends keyof EngineEvents>(event: E, ...args: Parameters<EngineEvents[E]>): void {
    this.emitter.emit(event, ...args);
  }

  /** Test control: a connection move (illegal ones throw, as in real engines). */
  setState(state: ConnectionState): void {
    if (this.machine.moveTo(state)) this.emitter.emit('connectionStateChanged', state);
  }

  join(participant: RemoteParticipantInfo): void {
    this.emit('participantConnected', participant);
  }

  messagesOfType<T extends DataMessage['type']>(type: T): Array<Extract<DataMessage, { type: T }>> {
    return this.sent.map((entry) => entry.message).filter((message): message is Extract<DataMessage, { type: T }> => message.type === type);
  }
}
