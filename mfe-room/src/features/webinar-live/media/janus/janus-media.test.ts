import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { createFakePeerConnection, fakeTrack, FakePeerConnection } from '../../../room/engine/local/testing/fake-peer-connection';
import { FEED_POLL_MS, JANUS_RETRY_MS, JanusMedia } from './janus-media';
import { FakeJanus, PIN, PUBLISHER_TOKEN, ROOM } from './testing/fake-janus';

/*
 * The browser's side of a webinar on Janus VideoRoom, against a scripted Janus: presenters join
 * with their publisher token and publish under their seat, everyone subscribes to the presenters'
 * feeds, viewers find them by listing the room (they get no publisher events), a lost connection
 * is opened again, and no secret of the room travels.
 */

const PRESENTER: WebinarAttendee = { seat: '10000000-0000-4000-8000-000000000001', name: 'Anna Rossi', role: 'presenter' };
const SECOND_PRESENTER: WebinarAttendee = { seat: '20000000-0000-4000-8000-000000000002', name: 'Bruno Neri', role: 'presenter' };
const GIULIA: WebinarAttendee = { seat: '30000000-0000-4000-8000-000000000003', name: 'Giulia Bianchi', role: 'viewer' };

function start(self: WebinarAttendee, janus: FakeJanus) {
  const pcs: FakePeerConnection[] = [];
  const media = new JanusMedia({
    janus: {
      url: 'ws://127.0.0.1:8188',
      room: ROOM,
      pin: PIN,
      token: self.role === 'presenter' ? PUBLISHER_TOKEN : null,
      opaqueId: `incontra-webinar:${ROOM}:${self.seat}`,
    },
    role: self.role,
    seat: self.seat,
    createSocket: janus.create,
    createPeerConnection: (config) => {
      const pc = createFakePeerConnection(config);
      pcs.push(pc as unknown as FakePeerConnection);
      return pc;
    },
  });
  return { media, pcs };
}

/** Every answer and event already on its way (the fakes answer in microtasks). */
async function flush(): Promise<void> {
  for (let round = 0; round < 200; round += 1) await Promise.resolve();
}

async function later(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

/**
 * Connected, and the first listing of the room answered. The listing is a timer of 0 ms, which the
 * fake clock fires 1 ms later when it was set while the clock was advancing (a reconnection's).
 */
async function connected(): Promise<void> {
  await flush();
  await later(1);
}

const requestsOf = (janus: FakeJanus, request: string) =>
  janus.requests.filter((message) => (message.body as { request?: string } | undefined)?.request === request);

describe('webinar media through Janus', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => {
    jest.useRealTimers();
    FakePeerConnection.created.length = 0;
  });

  it('lets a viewer find the presenter’s feed by listing the room, and receive its video and sound with the pin only', async () => {
    const janus = new FakeJanus();
    janus.addPublisher(PRESENTER.seat);
    const { media } = start(GIULIA, janus);
    media.sync({ self: GIULIA, attendees: [PRESENTER], speaker: null });
    await connected();

    expect(media.view.presenters).toEqual([{ seat: PRESENTER.seat, name: 'Anna Rossi', video: expect.objectContaining({ kind: 'video' }), screen: null }]);
    expect(media.view.sounds.map((track) => track.kind)).toEqual(['audio']);
    expect(janus.last.url).toBe('ws://127.0.0.1:8188');
    expect(requestsOf(janus, 'join')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ ptype: 'subscriber', pin: PIN, streams: [{ feed: 'feed-1' }] }) }),
    ]);
    expect(requestsOf(janus, 'start')).toHaveLength(1);
    // Nothing of the room's secrets, no publisher token: a viewer only ever sends the pin.
    expect(JSON.stringify(janus.requests)).not.toContain(PUBLISHER_TOKEN);
    expect(janus.requests.every((request) => request.janus !== 'message' || (request.body as { request: string }).request !== 'publish')).toBe(true);
    media.close();
  });

  it('keeps listing while a presenter present has no feed yet, and stops once it has', async () => {
    const janus = new FakeJanus();
    const { media } = start(GIULIA, janus);
    media.sync({ self: GIULIA, attendees: [PRESENTER], speaker: null });
    await connected();
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(1);
    expect(media.view.presenters[0]?.video).toBeNull();

    // Soon at first, then less and less often.
    await later(FEED_POLL_MS.first);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(2);
    await later(FEED_POLL_MS.first);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(2);
    await later(FEED_POLL_MS.first);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(3);
    janus.addPublisher(PRESENTER.seat);
    await later(FEED_POLL_MS.first * 4);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(4);
    expect(media.view.presenters[0]?.video).not.toBeNull();

    await later(FEED_POLL_MS.max * 5);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(4);
    media.close();
  });

  it('looks for a presenter that just arrived soon again, however long the listings had grown apart', async () => {
    const janus = new FakeJanus();
    const { media } = start(GIULIA, janus);
    media.sync({ self: GIULIA, attendees: [PRESENTER], speaker: null });
    await connected();
    await later(FEED_POLL_MS.max * 3);
    const listed = requestsOf(janus, 'listparticipants').length;
    // The waits have reached the maximum; a second presenter arrives and publishes a moment later.
    media.sync({ self: GIULIA, attendees: [PRESENTER, SECOND_PRESENTER], speaker: null });
    janus.addPublisher(SECOND_PRESENTER.seat);
    await later(FEED_POLL_MS.first);
    expect(requestsOf(janus, 'listparticipants')).toHaveLength(listed + 1);
    expect(media.view.presenters.map((feed) => [feed.name, feed.video === null])).toEqual([
      ['Anna Rossi', true],
      ['Bruno Neri', false],
    ]);
    media.close();
  });

  it('publishes a presenter’s camera and microphone under its seat, with its token, and receives the other presenter', async () => {
    const janus = new FakeJanus();
    janus.addPublisher(SECOND_PRESENTER.seat);
    const { media, pcs } = start(PRESENTER, janus);
    media.sync({ self: PRESENTER, attendees: [SECOND_PRESENTER, GIULIA], speaker: null });
    media.setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    await flush();

    expect(requestsOf(janus, 'join')[0]).toMatchObject({ body: { ptype: 'publisher', token: PUBLISHER_TOKEN, display: PRESENTER.seat, pin: PIN } });
    const [publish] = requestsOf(janus, 'publish');
    expect((publish!.jsep as { sdp: string }).sdp).toMatch(/^m=video 0 sendonly$/m);
    expect((publish!.jsep as { sdp: string }).sdp).toMatch(/^m=audio 1 sendonly$/m);
    // The screen's stream, inactive until something is shared.
    expect((publish!.jsep as { sdp: string }).sdp).toMatch(/^m=video 2 inactive$/m);
    const publisher = pcs.find((pc) => pc.transceivers.some((transceiver) => transceiver.sender.track?.kind === 'video'));
    expect(publisher?.signalingState).toBe('stable');
    expect(media.view.presenters.map((feed) => [feed.name, feed.video?.kind])).toEqual([['Bruno Neri', 'video']]);

    // A new camera replaces the old track without a new offer.
    const camera = fakeTrack('video', 'another camera');
    media.setLocalTracks(camera, null);
    await flush();
    expect(publisher?.transceivers[0]?.sender.track).toBe(camera);
    expect(requestsOf(janus, 'publish')).toHaveLength(1);
    media.close();
  });

  it('opens the connection again after Janus dropped it, and says goodbye on closing', async () => {
    const janus = new FakeJanus();
    janus.addPublisher(PRESENTER.seat);
    const { media } = start(GIULIA, janus);
    media.sync({ self: GIULIA, attendees: [PRESENTER], speaker: null });
    await connected();
    expect(media.view.presenters[0]?.video).not.toBeNull();

    janus.last.drop(1006);
    await flush();
    expect(media.view.presenters[0]?.video).toBeNull();
    await later(JANUS_RETRY_MS.first);
    await connected();
    expect(janus.sockets).toHaveLength(2);
    expect(media.view.presenters[0]?.video).not.toBeNull();

    media.close();
    expect(janus.last.sent.at(-1)).toMatchObject({ janus: 'destroy', session_id: 1 });
    expect(janus.last.closedWith).toBe(1000);
    await later(FEED_POLL_MS.max * 3);
    expect(janus.sockets).toHaveLength(2);
  });
});
