import { videoErrorCategory, videoErrorCategoryOf, videoErrorCodeOf } from './video-errors';

describe('videoErrorCategory', () => {
  it.each([
    [20101, 'access-token'],
    [20107, 'access-token'],
    [53000, 'signalling'],
    [53006, 'signalling'],
    [53100, 'room'],
    [53125, 'room'],
    [53200, 'participant'],
    [53300, 'track'],
    [53304, 'track'],
    [53305, 'track'],
    [53400, 'media'],
    [53407, 'media'],
    [53500, 'configuration'],
    [53501, 'configuration'],
  ])('maps %i to %s', (code, category) => {
    expect(videoErrorCategory(code)).toBe(category);
  });

  it('names the codes the UI tells apart', () => {
    expect(videoErrorCategory(53105)).toBe('room-full');
    expect(videoErrorCategory(53118)).toBe('room-completed');
    expect(videoErrorCategory(53205)).toBe('duplicate-identity');
  });

  it.each([
    [3000, 'timeout'],
    [3001, 'timeout'],
    [3002, 'failed'],
    [3003, 'failed'],
    [3004, 'timeout'],
    [3005, 'busy'],
    [3006, 'busy'],
    [3007, 'timeout'],
  ])('maps websocket close code %i to %s', (code, category) => {
    expect(videoErrorCategory(code)).toBe(category);
  });

  it.each([20100, 20108, 53007, 53099, 53126, 53206, 53306, 53408, 53502, 2999, 3008, 1000, undefined, null])('maps %p to unknown', (code) => {
    expect(videoErrorCategory(code)).toBe('unknown');
  });

  it('reads the code off an error', () => {
    const error = Object.assign(new Error('Track name is duplicated'), { code: 53304 });
    expect(videoErrorCodeOf(error)).toBe(53304);
    expect(videoErrorCategoryOf(error)).toBe('track');
    expect(videoErrorCodeOf(new Error('plain'))).toBeUndefined();
    expect(videoErrorCategoryOf('text')).toBe('unknown');
  });
});
