import { LocalMediaError, localMediaErrorOf, mediaFailureOf } from './media-failure';

describe('mediaFailureOf', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['SecurityError', 'permission-denied'],
    ['PermissionDeniedError', 'permission-denied'],
    ['NotReadableError', 'device-busy'],
    ['TrackStartError', 'device-busy'],
    ['AbortError', 'device-busy'],
    ['NotFoundError', 'no-device'],
    ['DevicesNotFoundError', 'no-device'],
    ['OverconstrainedError', 'no-device'],
    ['NotSupportedError', 'unsupported'],
    ['TypeError', 'unknown'],
  ])('classifies %s as %s', (name, failure) => {
    expect(mediaFailureOf(new DOMException('x', name))).toBe(failure);
    expect(mediaFailureOf({ name })).toBe(failure);
  });

  it('treats anything without a name as unknown', () => {
    expect(mediaFailureOf(undefined)).toBe('unknown');
    expect(mediaFailureOf('NotAllowedError')).toBe('unknown');
  });

  it('wraps a browser error once, keeping it as the cause', () => {
    const browser = new DOMException('busy', 'NotReadableError');
    const wrapped = localMediaErrorOf('camera', browser);
    expect(wrapped).toMatchObject({ source: 'camera', failure: 'device-busy', cause: browser });
    expect(localMediaErrorOf('camera', wrapped)).toBe(wrapped);
    expect(wrapped).toBeInstanceOf(LocalMediaError);
  });
});
