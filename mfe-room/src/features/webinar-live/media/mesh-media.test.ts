import type { SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { createFakePeerConnection, fakeTrack, FakePeerConnection } from '../../room/engine/local/testing/fake-peer-connection';
import { MeshMedia } from './mesh-media';
import { SECTION } from './mesh-link';

/*
 * The mesh of a webinar, with the fake RTCPeerConnection (descriptions as `m=<kind> <mid>
 * <direction>` lines) and a relay standing for the live session: who sends what to whom, the
 * viewers' descriptions sending nothing until one is invited to speak, the relay of the speaker's
 * voice, a rejoin, a departure, and two presenters.
 */

const PRESENTER: WebinarAttendee = { seat: '10000000-0000-4000-8000-000000000001', name: 'Anna Rossi', role: 'presenter' };
const SECOND_PRESENTER: WebinarAttendee = { seat: '20000000-0000-4000-8000-000000000002', name: 'Bruno Neri', role: 'presenter' };
const GIULIA: WebinarAttendee = { seat: '30000000-0000-4000-8000-000000000003', name: 'Giulia Bianchi', role: 'viewer' };
const MARCO: WebinarAttendee = { seat: '40000000-0000-4000-8000-000000000004', name: 'Marco Verdi', role: 'viewer' };

interface Sent {
  from: string;
  to: string;
  data: SignalPayload;
}

/** Every participant's MeshMedia, wired through a relay that keeps what passed. */
function mesh(people: WebinarAttendee[]) {
  const sent: Sent[] = [];
  const medias = new Map<string, MeshMedia>();
  const pcsOf = new Map<string, FakePeerConnection[]>();
  for (const person of people) {
    const own: FakePeerConnection[] = [];
    pcsOf.set(person.seat, own);
    medias.set(
      person.seat,
      new MeshMedia({
        send: (to, data) => {
          sent.push({ from: person.seat, to, data });
          queueMicrotask(() => medias.get(to)?.handleSignal(person.seat, data));
        },
        createPeerConnection: (config) => {
          const pc = createFakePeerConnection(config);
          own.push(pc as unknown as FakePeerConnection);
          return pc;
        },
      }),
    );
  }
  const media = (who: WebinarAttendee) => medias.get(who.seat)!;
  /** The roster each sees: presenters see everyone, viewers the presenters. */
  const sync = (speaker: WebinarAttendee | null = null, present = people) => {
    for (const person of present) {
      const attendees = present.filter((other) => other.seat !== person.seat && (person.role === 'presenter' || other.role === 'presenter'));
      media(person).sync({ self: person, attendees, speaker });
    }
  };
  return { sent, media, sync, pcsOf: (who: WebinarAttendee) => pcsOf.get(who.seat)! };
}

/** Every negotiation step already on its way (the fakes move in microtasks only: no timer, no clock). */
async function settle(): Promise<void> {
  for (let round = 0; round < 500; round += 1) await Promise.resolve();
}

/** The sections a description says it sends, as `kind:direction` by position. */
const sections = (data: SignalPayload) =>
  'description' in data ? [...(data.description.sdp ?? '').matchAll(/^m=(\w+) \S+ (\w+)$/gm)].map((match) => `${match[1]}:${match[2]}`) : [];
const descriptionsFrom = (sent: Sent[], who: WebinarAttendee) => sent.filter((signal) => signal.from === who.seat && 'description' in signal.data);

afterEach(() => {
  FakePeerConnection.created.length = 0;
});

describe('the webinar mesh', () => {
  it('sends the presenter’s camera and microphone to a viewer, who sends nothing back', async () => {
    const { sent, media, sync } = mesh([PRESENTER, GIULIA]);
    media(PRESENTER).setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    sync();
    await settle();

    const view = media(GIULIA).view;
    expect(view.presenters).toEqual([{ seat: PRESENTER.seat, name: 'Anna Rossi', video: expect.objectContaining({ kind: 'video' }), screen: null }]);
    // The microphone, and the voice section (silent until someone speaks).
    expect(view.sounds.map((track) => track.kind)).toEqual(['audio', 'audio']);
    expect(sections(descriptionsFrom(sent, PRESENTER)[0]!.data)).toEqual(['video:sendonly', 'audio:sendonly', 'audio:sendrecv', 'video:inactive']);
    for (const { data } of descriptionsFrom(sent, GIULIA))
      expect(sections(data)).toEqual(['video:recvonly', 'audio:recvonly', 'audio:recvonly', 'video:inactive']);
    // The presenter shows no viewer on its stage, and hears nobody yet.
    expect(media(PRESENTER).view).toEqual({ presenters: [], sounds: [] });
  });

  it('carries the invited viewer’s voice to the presenter, who passes it on to the other viewers, until the turn ends', async () => {
    const { sent, media, sync, pcsOf } = mesh([PRESENTER, GIULIA, MARCO]);
    media(PRESENTER).setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    sync();
    await settle();

    sync(GIULIA);
    const voice = fakeTrack('audio', 'giulia-voice');
    media(GIULIA).setVoice(voice);
    await settle();

    const offer = descriptionsFrom(sent, GIULIA).at(-1)!;
    // The viewer's own offer: it would still receive a screen, and sends its voice only.
    expect(sections(offer.data)).toEqual(['video:recvonly', 'audio:recvonly', 'audio:sendrecv', 'video:recvonly']);
    const [toGiulia, toMarco] = pcsOf(PRESENTER);
    const heard = toGiulia!.transceivers[SECTION.voice]!.receiver.track;
    expect(media(PRESENTER).view.sounds).toEqual([heard]);
    expect(toMarco!.transceivers[SECTION.voice]!.sender.track).toBe(heard);
    // Never back to the speaker itself.
    expect(toGiulia!.transceivers[SECTION.voice]!.sender.track).toBeNull();

    sync(null);
    media(GIULIA).setVoice(null);
    await settle();
    expect(sections(descriptionsFrom(sent, GIULIA).at(-1)!.data)).toEqual(['video:recvonly', 'audio:recvonly', 'audio:recvonly', 'video:recvonly']);
    expect(toMarco!.transceivers[SECTION.voice]!.sender.track).toBeNull();
    expect(media(PRESENTER).view.sounds).toEqual([]);
  });

  it('shares the presenter’s screen in its own section, which sends only while something is shared', async () => {
    const { sent, media, sync } = mesh([PRESENTER, GIULIA]);
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    media(PRESENTER).setLocalTracks(camera, microphone);
    sync();
    await settle();
    expect(sections(descriptionsFrom(sent, PRESENTER).at(-1)!.data)[SECTION.screen]).toBe('video:inactive');
    expect(media(GIULIA).view.presenters[0]?.screen).toBeNull();

    media(PRESENTER).setLocalTracks(camera, microphone, fakeTrack('video', 'screen'));
    await settle();
    expect(sections(descriptionsFrom(sent, PRESENTER).at(-1)!.data)[SECTION.screen]).toBe('video:sendonly');
    expect(media(GIULIA).view.presenters[0]?.screen).toEqual(expect.objectContaining({ kind: 'video' }));

    media(PRESENTER).setLocalTracks(camera, microphone, null);
    await settle();
    expect(sections(descriptionsFrom(sent, PRESENTER).at(-1)!.data)[SECTION.screen]).toBe('video:inactive');
    expect(media(GIULIA).view.presenters[0]?.screen).toBeNull();
  });

  it('sends a viewer’s microphone only while that viewer is the speaker', async () => {
    const { sent, media, sync } = mesh([PRESENTER, GIULIA]);
    sync();
    await settle();
    // Not invited: a voice handed in by mistake goes nowhere.
    media(GIULIA).setVoice(fakeTrack('audio'));
    await settle();
    for (const { data } of descriptionsFrom(sent, GIULIA)) expect(sections(data)).not.toContain('audio:sendrecv');
  });

  it('starts a new connection when a participant comes back from another page, and closes one that left', async () => {
    const { media, sync, pcsOf } = mesh([PRESENTER, GIULIA]);
    media(PRESENTER).setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    sync();
    await settle();
    const [first] = pcsOf(PRESENTER);

    media(PRESENTER).rejoined(GIULIA.seat);
    await settle();
    expect(first!.signalingState).toBe('closed');
    const second = pcsOf(PRESENTER)[1]!;
    expect(second.iceConnectionState).toBe('connected');
    // The viewer dropped its old connection for the new one, and sees the video again.
    expect(pcsOf(GIULIA).map((pc) => pc.signalingState)).toEqual(['closed', 'stable']);
    expect(media(GIULIA).view.presenters[0]?.video).not.toBeNull();

    sync(null, [PRESENTER]);
    expect(second.signalingState).toBe('closed');
  });

  it('links two presenters both ways, the lower seat offering, and relays the voice from one of them only', async () => {
    const { sent, media, sync, pcsOf } = mesh([PRESENTER, SECOND_PRESENTER, GIULIA, MARCO]);
    media(PRESENTER).setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    media(SECOND_PRESENTER).setLocalTracks(fakeTrack('video'), fakeTrack('audio'));
    sync();
    await settle();

    const between = sent.filter(
      (signal) =>
        'description' in signal.data &&
        [PRESENTER.seat, SECOND_PRESENTER.seat].includes(signal.to) &&
        [PRESENTER.seat, SECOND_PRESENTER.seat].includes(signal.from),
    );
    expect(between[0]).toMatchObject({ from: PRESENTER.seat, to: SECOND_PRESENTER.seat });
    expect(media(PRESENTER).view.presenters.map((feed) => [feed.name, feed.video?.kind])).toEqual([['Bruno Neri', 'video']]);
    expect(media(SECOND_PRESENTER).view.presenters.map((feed) => [feed.name, feed.video?.kind])).toEqual([['Anna Rossi', 'video']]);
    expect(media(GIULIA).view.presenters).toHaveLength(2);

    sync(GIULIA);
    media(GIULIA).setVoice(fakeTrack('audio'));
    await settle();
    const relayed = (presenter: WebinarAttendee) =>
      pcsOf(presenter).filter((pc) => pc.signalingState !== 'closed' && pc.transceivers[SECTION.voice]?.sender.track).length;
    // Anna (the lower seat) relays to Marco; Bruno relays to nobody.
    expect(relayed(PRESENTER)).toBe(1);
    expect(relayed(SECOND_PRESENTER)).toBe(0);
  });
});
