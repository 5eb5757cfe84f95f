import { ERROR_TEXT_MAX_LENGTH, errorText } from './error-text';

describe('errorText', () => {
  it('keeps a short message as it is, also of something thrown that is not an Error', () => {
    expect(errorText(new Error('550 mailbox unavailable'))).toBe('550 mailbox unavailable');
    expect(errorText('timeout')).toBe('timeout');
  });

  it('cuts a long message to the limit, ellipsis included', () => {
    const text = errorText(new Error('x'.repeat(ERROR_TEXT_MAX_LENGTH + 20)));
    expect(text).toHaveLength(ERROR_TEXT_MAX_LENGTH);
    expect(text.endsWith('x…')).toBe(true);
    expect(errorText(new Error('y'.repeat(ERROR_TEXT_MAX_LENGTH)))).toBe('y'.repeat(ERROR_TEXT_MAX_LENGTH));
  });
});
