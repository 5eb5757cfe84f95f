import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('reads bytes, kilobytes and megabytes the Italian way', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(850)).toBe('850 B');
    expect(formatFileSize(1536)).toBe('1,5 kB');
    expect(formatFileSize(12 * 1024 + 300)).toBe('12 kB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
    expect(formatFileSize(1_468_006)).toBe('1,4 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
