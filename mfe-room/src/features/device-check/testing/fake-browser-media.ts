/**
 * Test doubles for the browser's media stack on the device-check page (jsdom has none): streams
 * whose tracks record `stop`, getUserMedia, the Permissions API and a Web Audio graph.
 */
export interface FakeTrack {
  kind: 'audio' | 'video';
  stop: jest.Mock;
}

export function fakeStream(kinds: Array<'audio' | 'video'> = ['video', 'audio']) {
  const tracks: FakeTrack[] = kinds.map((kind) => ({ kind, stop: jest.fn() }));
  const stream = {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
  };
  return { stream: stream as unknown as MediaStream, tracks };
}

export function installMedia(getUserMedia: jest.Mock) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

export function installPermissions(states: Record<'camera' | 'microphone', PermissionState>) {
  const statuses = Object.fromEntries(Object.entries(states).map(([name, state]) => [name, Object.assign(new EventTarget(), { state })])) as Record<
    'camera' | 'microphone',
    EventTarget & { state: PermissionState }
  >;
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: jest.fn(async ({ name }: { name: 'camera' | 'microphone' }) => statuses[name]) },
  });
  return statuses;
}

/** A minimal Web Audio graph whose analyser always hears a loud square wave. */
export function installAudioContext() {
  const close = jest.fn(async () => undefined);
  const disconnect = jest.fn();
  class FakeAudioContext {
    state = 'running';
    createMediaStreamSource = () => ({ connect: jest.fn(), disconnect });
    createAnalyser = () => ({
      fftSize: 0,
      getByteTimeDomainData: (samples: Uint8Array) => samples.forEach((_, index) => (samples[index] = index % 2 ? 200 : 56)),
    });
    resume = jest.fn(async () => undefined);
    close = close;
  }
  Object.defineProperty(window, 'AudioContext', { configurable: true, writable: true, value: FakeAudioContext });
  return { close, disconnect };
}
