import { createHash } from 'node:crypto';
import { newVisitorCredential, visitorTokenMatches } from './visitor-token';

describe('visitor credentials', () => {
  it('are 32 random bytes in base64url, kept as their SHA-256 hex', () => {
    const { token, hash } = newVisitorCredential();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(newVisitorCredential().token).not.toBe(token);
  });

  it('match only the token they were made from; missing or malformed tokens never match', () => {
    const { token, hash } = newVisitorCredential();
    expect(visitorTokenMatches(hash, token)).toBe(true);
    expect(visitorTokenMatches(hash, newVisitorCredential().token)).toBe(false);
    expect(visitorTokenMatches(hash, hash)).toBe(false);
    expect(visitorTokenMatches(hash, `${token}x`)).toBe(false);
    expect(visitorTokenMatches(hash, null)).toBe(false);
    expect(visitorTokenMatches(hash, undefined)).toBe(false);
    expect(visitorTokenMatches(hash, '')).toBe(false);
  });
});
