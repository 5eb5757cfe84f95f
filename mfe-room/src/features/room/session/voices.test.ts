import { fakeTrack } from '../engine/local/testing/fake-peer-connection';
import { selectIsSpeaking } from '../store/selectors';
import { SPEAKING_THRESHOLD, type LevelMeter } from './speaking-monitor';
import { joinResponse, sessionHarness } from './testing/session-harness';

/** Meters whose level the test sets per track, and a sampling timer the test runs by hand. */
function fakeVoices() {
  const levels = new Map<MediaStreamTrack, number>();
  const open = new Set<MediaStreamTrack>();
  let tick: (() => void) | null = null;
  return {
    levels,
    open,
    sample: () => tick?.(),
    running: () => tick !== null,
    options: {
      meters: (track: MediaStreamTrack): LevelMeter => {
        open.add(track);
        return { level: () => levels.get(track) ?? 0, close: () => open.delete(track) };
      },
      scheduleSpeaking: (work: () => void) => {
        tick = work;
        return () => {
          tick = null;
        };
      },
    },
  };
}

const LOUD = SPEAKING_THRESHOLD * 5;

describe('RoomSession: who is speaking', () => {
  it("measures my microphone and the others' audio from the moment I enter, and marks who speaks", async () => {
    const voices = fakeVoices();
    const { session, engine, store, media } = sessionHarness({}, voices.options);
    await session.enter(joinResponse('staff'));
    const mine = media.snapshot().microphone!.mediaStreamTrack;
    expect([...voices.open]).toEqual([mine]);

    engine.join({ identity: 'guest-giulia', displayName: 'Giulia', role: 'guest' });
    const giulia = fakeTrack('audio');
    engine.emit('trackSubscribed', 'guest-giulia', 'audio', giulia);
    expect(voices.open.has(giulia)).toBe(true);

    voices.levels.set(giulia, LOUD);
    voices.sample();
    expect(selectIsSpeaking('guest-giulia')(store.getState())).toBe(true);
    expect(selectIsSpeaking('staff-me')(store.getState())).toBe(false);

    voices.levels.set(mine, LOUD);
    voices.sample();
    expect(selectIsSpeaking('staff-me')(store.getState())).toBe(true);

    // Leaving ends the measure and the mark.
    engine.emit('participantDisconnected', 'guest-giulia', 'left');
    expect(voices.open.has(giulia)).toBe(false);
    expect(selectIsSpeaking('guest-giulia')(store.getState())).toBe(false);
  });

  it('stops measuring when I quit', async () => {
    const voices = fakeVoices();
    const { session } = sessionHarness({}, voices.options);
    await session.enter(joinResponse('staff'));
    expect(voices.running()).toBe(true);
    session.quit();
    expect(voices.running()).toBe(false);
    expect(voices.open.size).toBe(0);
  });

  it('measures nothing where the browser has no meters', async () => {
    const { session, store } = sessionHarness({}, { meters: null });
    await session.enter(joinResponse('staff'));
    expect(store.getState().speaking.identities).toEqual({});
  });
});
