/**
 * For `jest.mock('…/media/local-media', …)` in tests that render whole pages: the real
 * LocalMediaController over twilio-video and processor fakes, since jsdom has no camera. Called
 * inside the mock factory (which may only reach other modules through `jest.requireActual`).
 */
export function fakeLocalMediaModule(): { LocalMediaController: typeof import('../local-media').LocalMediaController } {
  const actual = jest.requireActual<typeof import('../local-media')>('../local-media');
  const fakes = jest.requireActual<typeof import('./fake-media')>('./fake-media');
  return {
    LocalMediaController: class extends actual.LocalMediaController {
      constructor() {
        super({
          twilio: new fakes.FakeTwilioMedia(),
          processors: new fakes.FakeProcessorsSdk(),
          mediaDevices: { getUserMedia: jest.fn(), getDisplayMedia: jest.fn() },
          permissions: null,
          loadImage: fakes.fakeLoadImage,
        });
      }
    },
  };
}
