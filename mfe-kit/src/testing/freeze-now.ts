/**
 * The clock reads `now` until the test ends (call `jest.useRealTimers()` in an afterEach): "today",
 * "before the start" and the like become known. Every timer API stays real, so waitFor, findBy*,
 * user-event and Mantine's transitions run as usual.
 */
export function freezeNow(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
