import { EventEmitter } from 'events';
import type { ConnectOptions, LocalDataTrack, Room } from 'twilio-video';
import { FakeMediaStreamTrack } from '../../../media/testing/fake-media';

/**
 * A twilio-video Room built on EventEmitter, as twilio-video-app-react tests theirs: the engine
 * under test listens to it exactly as to the real one, and tests emit its events.
 */
let nextSid = 0;
const sid = (prefix: string) => `${prefix}${++nextSid}`;

export class FakeRemoteTrack {
  readonly mediaStreamTrack: MediaStreamTrack;

  constructor(
    readonly kind: 'audio' | 'video' | 'data',
    readonly name: string,
  ) {
    this.mediaStreamTrack = new FakeMediaStreamTrack(kind === 'audio' ? 'audio' : 'video').asTrack();
  }
}

export class FakeRemotePublication {
  readonly trackSid = sid('MT');

  constructor(
    readonly trackName: string,
    public track: FakeRemoteTrack | null,
  ) {}

  get isSubscribed(): boolean {
    return this.track !== null;
  }
}

export class FakeRemoteParticipant extends EventEmitter {
  readonly sid = sid('PA');
  readonly tracks = new Map<string, FakeRemotePublication>();

  constructor(readonly identity: string) {
    super();
  }

  addTrack(kind: FakeRemoteTrack['kind'], name: string, subscribed = true): FakeRemoteTrack {
    const track = new FakeRemoteTrack(kind, name);
    const publication = new FakeRemotePublication(name, subscribed ? track : null);
    this.tracks.set(publication.trackSid, publication);
    return track;
  }
}

export class FakeLocalPublication {
  readonly trackSid = sid('MT');
  unpublished = false;

  constructor(
    readonly trackName: string,
    readonly track: unknown,
    private readonly owner: FakeLocalParticipant,
  ) {}

  unpublish(): this {
    this.unpublished = true;
    this.owner.tracks.delete(this.trackSid);
    return this;
  }
}

/** An error as twilio-video raises them: a message and a numeric code. */
export function twilioError(code: number, message = `Twilio error ${code}`): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

export class FakeLocalParticipant extends EventEmitter {
  readonly tracks = new Map<string, FakeLocalPublication>();
  readonly publishCalls: Array<{ track: unknown; options: unknown }> = [];
  private readonly failures: unknown[] = [];

  constructor(readonly identity: string) {
    super();
  }

  failNextPublish(error: unknown): void {
    this.failures.push(error);
  }

  async publishTrack(track: { name?: string; id?: string }, options?: { name?: string }): Promise<FakeLocalPublication> {
    this.publishCalls.push({ track, options });
    if (this.failures.length > 0) throw this.failures.shift();
    const name = options?.name ?? track.name ?? track.id ?? 'unnamed';
    if ([...this.tracks.values()].some((publication) => publication.trackName === name)) throw twilioError(53304, 'Track name is duplicated');
    const publication = new FakeLocalPublication(name, track, this);
    this.tracks.set(publication.trackSid, publication);
    return publication;
  }

  publicationNamed(name: string): FakeLocalPublication | undefined {
    return [...this.tracks.values()].find((publication) => publication.trackName === name);
  }
}

export class FakeRoom extends EventEmitter {
  readonly sid = sid('RM');
  readonly participants = new Map<string, FakeRemoteParticipant>();
  readonly localParticipant: FakeLocalParticipant;
  disconnectCalls = 0;

  constructor(
    readonly name: string,
    identity: string,
  ) {
    super();
    this.localParticipant = new FakeLocalParticipant(identity);
  }

  /** Twilio emits `disconnected` (without an error) when the app leaves. */
  disconnect(): this {
    this.disconnectCalls += 1;
    this.emit('disconnected', this, null);
    return this;
  }

  /** Someone already in the room when the local participant connects. */
  seat(identity: string): FakeRemoteParticipant {
    const participant = new FakeRemoteParticipant(identity);
    this.participants.set(participant.sid, participant);
    return participant;
  }

  join(identity: string): FakeRemoteParticipant {
    const participant = this.seat(identity);
    this.emit('participantConnected', participant);
    return participant;
  }

  leave(participant: FakeRemoteParticipant): void {
    this.participants.delete(participant.sid);
    this.emit('participantDisconnected', participant);
  }

  asRoom(): Room {
    return this as unknown as Room;
  }
}

export class FakeDataTrack {
  readonly kind = 'data';
  readonly name = 'data';
  readonly sent: string[] = [];

  send(data: string): void {
    this.sent.push(data);
  }

  asTrack(): LocalDataTrack {
    return this as unknown as LocalDataTrack;
  }
}

/** twilio-video's `connect`, answering `room` (or failing with `error`); calls are recorded. */
export function fakeConnect(room: FakeRoom | (() => Promise<FakeRoom>)) {
  const calls: Array<{ token: string; options: ConnectOptions }> = [];
  const connect = (token: string, options: ConnectOptions) => {
    calls.push({ token, options });
    return (typeof room === 'function' ? room() : Promise.resolve(room)).then((value) => value.asRoom());
  };
  return { connect, calls };
}
