import type { ConnectOptions, Room } from 'twilio-video';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { fakeTrack } from '../../../room/engine/local/testing/fake-peer-connection';
import type { Roster } from '../live-media';
import { TWILIO_RETRY_MS, TwilioLiveMedia, type TwilioVideoApi } from './twilio-live-media';

/*
 * The browser's side of a webinar on a Twilio group room, against a stand-in for twilio-video:
 * it connects to the credential's room subscribing to nothing and publishing nothing, reports its
 * participant to the live session (again when the socket was down), shows what Twilio delivers by
 * track name — presenters' camera, screen and microphone, the speaker's voice — publishes a
 * presenter's tracks and a speaker's voice under their names, and joins a lost room again.
 */

const PRESENTER: WebinarAttendee = { seat: '10000000-0000-4000-8000-000000000001', name: 'Anna Rossi', role: 'presenter' };
const GIULIA: WebinarAttendee = { seat: '30000000-0000-4000-8000-000000000003', name: 'Giulia Bianchi', role: 'viewer' };
const MARCO: WebinarAttendee = { seat: '40000000-0000-4000-8000-000000000004', name: 'Marco Verdi', role: 'viewer' };
const CREDENTIAL = { token: 'twilio-access-token', room: 'webinar-50000000-0000-4000-8000-000000000005' };

/** A Twilio room as the engine uses it: events, the local participant's publications, disconnect. */
class FakeRoom {
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly published = new Map<string, MediaStreamTrack>();
  disconnected = false;

  constructor(readonly sid: string) {}

  get localParticipant() {
    return {
      sid: this.sid,
      publishTrack: async (track: MediaStreamTrack, options: { name: string }) => {
        this.published.set(options.name, track);
        return { trackName: options.name };
      },
      unpublishTrack: (track: MediaStreamTrack) => {
        for (const [name, sent] of this.published) if (sent === track) this.published.delete(name);
        return null;
      },
    };
  }

  on(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** Twilio delivers `attendee`'s track published as `name`. */
  deliver(attendee: WebinarAttendee, name: string, track: MediaStreamTrack): void {
    this.emit('trackSubscribed', { kind: track.kind, mediaStreamTrack: track }, { trackName: name }, { identity: attendee.seat });
  }

  withdraw(attendee: WebinarAttendee, name: string): void {
    this.emit('trackUnsubscribed', {}, { trackName: name }, { identity: attendee.seat });
  }
}

function start({ reportWorks = () => true }: { reportWorks?: () => boolean } = {}) {
  const rooms: FakeRoom[] = [];
  const connects: { token: string; options: ConnectOptions }[] = [];
  const reports: string[] = [];
  const video: TwilioVideoApi = {
    connect: async (token, options) => {
      connects.push({ token, options });
      const room = new FakeRoom(`PA${String(rooms.length + 1).repeat(32)}`);
      rooms.push(room);
      return room as unknown as Room;
    },
  };
  const media = new TwilioLiveMedia({
    twilio: CREDENTIAL,
    report: (participant) => {
      if (!reportWorks()) return false;
      reports.push(participant);
      return true;
    },
    load: async () => video,
  });
  return { media, rooms, connects, reports };
}

const roster = (self: WebinarAttendee, speaker: WebinarAttendee | null = null): Roster => ({
  self,
  attendees: [PRESENTER, GIULIA, MARCO].filter((attendee) => attendee.seat !== self.seat),
  speaker,
});

/** The stand-in answers in microtasks: every step already on its way. */
async function flush(): Promise<void> {
  for (let round = 0; round < 50; round += 1) await Promise.resolve();
}

describe('TwilioLiveMedia', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it("connects to the credential's room subscribing to nothing and publishing nothing, and reports its participant once", async () => {
    const { media, connects, reports, rooms } = start();
    await flush();
    expect(connects).toEqual([
      { token: CREDENTIAL.token, options: { name: CREDENTIAL.room, tracks: [], audio: false, video: false, automaticSubscription: false } },
    ]);
    expect(reports).toEqual([rooms[0]!.sid]);
    media.sync(roster(GIULIA));
    expect(reports).toHaveLength(1);
    media.close();
    expect(rooms[0]!.disconnected).toBe(true);
  });

  it('reports the participant again at the next roster when the live socket could not take it', async () => {
    let socketUp = false;
    const { media, reports, rooms } = start({ reportWorks: () => socketUp });
    await flush();
    expect(reports).toEqual([]);
    socketUp = true;
    media.sync(roster(GIULIA));
    expect(reports).toEqual([rooms[0]!.sid]);
    media.close();
  });

  it("shows the presenters' camera, screen and microphone by their names, and the speaker's voice only while the turn lasts", async () => {
    const { media, rooms } = start();
    await flush();
    const room = rooms[0]!;
    media.sync(roster(GIULIA));
    expect(media.view.presenters).toEqual([{ seat: PRESENTER.seat, name: PRESENTER.name, video: null, screen: null }]);
    const camera = fakeTrack('video');
    const screen = fakeTrack('video');
    const microphone = fakeTrack('audio');
    room.deliver(PRESENTER, 'camera', camera);
    room.deliver(PRESENTER, 'screen', screen);
    room.deliver(PRESENTER, 'microphone', microphone);
    expect(media.view.presenters).toEqual([{ seat: PRESENTER.seat, name: PRESENTER.name, video: camera, screen }]);
    expect(media.view.sounds).toEqual([microphone]);

    // Marco's voice counts only while Marco holds the turn; a track of another name never.
    const voice = fakeTrack('audio');
    room.deliver(MARCO, 'voice', voice);
    room.deliver(MARCO, 'camera', fakeTrack('video'));
    expect(media.view.sounds).toEqual([microphone]);
    media.sync(roster(GIULIA, MARCO));
    expect(media.view.sounds).toEqual([microphone, voice]);
    expect(media.view.presenters).toHaveLength(1);
    media.sync(roster(GIULIA));
    expect(media.view.sounds).toEqual([microphone]);

    room.withdraw(PRESENTER, 'screen');
    expect(media.view.presenters[0]?.screen).toBeNull();
    room.emit('participantDisconnected', { identity: PRESENTER.seat });
    expect(media.view.presenters[0]?.video).toBeNull();
    media.close();
  });

  it("publishes a presenter's tracks under their names, replaces them, and a speaker's voice with no grant", async () => {
    const presenter = start();
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    presenter.media.setLocalTracks(camera, microphone);
    await flush();
    const room = presenter.rooms[0]!;
    expect([...room.published]).toEqual([
      ['camera', camera],
      ['microphone', microphone],
    ]);
    const screen = fakeTrack('video');
    const otherCamera = fakeTrack('video');
    presenter.media.setLocalTracks(otherCamera, microphone, screen);
    await flush();
    expect(Object.fromEntries(room.published)).toEqual({ camera: otherCamera, microphone, screen });
    presenter.media.setLocalTracks(otherCamera, microphone, null);
    await flush();
    expect(room.published.has('screen')).toBe(false);
    presenter.media.close();

    const speaker = start();
    await flush();
    const voice = fakeTrack('audio');
    speaker.media.setVoice(voice);
    await flush();
    expect(Object.fromEntries(speaker.rooms[0]!.published)).toEqual({ voice });
    speaker.media.setVoice(null);
    await flush();
    expect(speaker.rooms[0]!.published.size).toBe(0);
    speaker.media.close();
  });

  it('joins a lost room again after a while, publishes again and reports the new participant', async () => {
    const { media, rooms, reports } = start();
    const camera = fakeTrack('video');
    media.setLocalTracks(camera, null);
    media.sync(roster(PRESENTER));
    await flush();
    rooms[0]!.deliver(GIULIA, 'voice', fakeTrack('audio'));
    rooms[0]!.emit('disconnected', rooms[0]);
    expect(media.view.sounds).toEqual([]);
    await jest.advanceTimersByTimeAsync(TWILIO_RETRY_MS.first - 1);
    expect(rooms).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await flush();
    expect(rooms).toHaveLength(2);
    expect(Object.fromEntries(rooms[1]!.published)).toEqual({ camera });
    expect(reports).toEqual([rooms[0]!.sid, rooms[1]!.sid]);

    // Closed: no more joining.
    media.close();
    rooms[1]!.emit('disconnected', rooms[1]);
    await jest.advanceTimersByTimeAsync(TWILIO_RETRY_MS.max);
    expect(rooms).toHaveLength(2);
  });
});
