import { FakeEngine } from '../engine/testing/fake-engine';
import { fakeTrack } from '../engine/local/testing/fake-peer-connection';
import type { PublishableTrack } from '../engine/types';
import { TrackPublisher } from './track-publisher';

const video = (): PublishableTrack => ({ kind: 'video', mediaStreamTrack: fakeTrack('video') });

describe('TrackPublisher', () => {
  it('removes the track published under a name before publishing a new one; the same track is skipped', async () => {
    const engine = new FakeEngine();
    const publisher = new TrackPublisher(engine, () => Promise.resolve());
    const first = video();
    const second = video();
    expect(await publisher.publish('screen', first)).toBe(true);
    expect(await publisher.publish('screen', { ...first })).toBe(false);
    expect(await publisher.publish('screen', second)).toBe(true);
    expect(engine.calls).toEqual(['publish:screen', 'unpublish:screen', 'publish:screen']);
    expect(publisher.get('screen')).toBe(second);
  });

  it('runs operations one at a time, in call order', async () => {
    const engine = new FakeEngine();
    const publisher = new TrackPublisher(engine, () => Promise.resolve());
    await Promise.all([publisher.publish('camera', video()), publisher.unpublish('camera'), publisher.publish('camera', video()), publisher.refresh('camera')]);
    expect(engine.calls).toEqual(['publish:camera', 'unpublish:camera', 'publish:camera', 'refresh:camera']);
  });

  it('a failed operation does not block the next ones', async () => {
    const engine = new FakeEngine();
    const publisher = new TrackPublisher(engine, () => Promise.resolve());
    engine.publishFailures = [new Error('boom')];
    await expect(publisher.publish('camera', video())).rejects.toThrow('boom');
    expect(publisher.get('camera')).toBeNull();
    await expect(publisher.publish('camera', video())).resolves.toBe(true);
  });

  it('unpublish and refresh of nothing do nothing', async () => {
    const engine = new FakeEngine();
    const publisher = new TrackPublisher(engine, () => Promise.resolve());
    expect(await publisher.unpublish('screen')).toBe(false);
    await publisher.refresh('camera');
    expect(engine.calls).toEqual([]);
  });
});
