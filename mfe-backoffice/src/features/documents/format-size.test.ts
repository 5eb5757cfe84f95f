import { formatSize } from './format-size';

describe('formatSize', () => {
  it('reads bytes, kilobytes and megabytes the Italian way', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(850)).toBe('850 B');
    expect(formatSize(1536)).toBe('1,5 kB');
    expect(formatSize(12 * 1024 + 300)).toBe('12 kB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });
});
