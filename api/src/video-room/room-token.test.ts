import { createHmac } from 'node:crypto';
import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { signRoomToken, verifyRoomToken } from './room-token';

const SECRET = 'a-room-token-secret-of-32-characters!';
const CLAIMS: RoomTokenClaims = {
  cid: '11111111-1111-4111-8111-111111111111',
  rid: '22222222-2222-4222-8222-222222222222',
  sub: 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  role: 'staff',
  name: 'Anna Rossi',
  iat: 1772442000,
  exp: 1772445600,
};
/** Computed outside Node (Python's hmac and base64), to pin the format down. */
const EXPECTED =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjaWQiOiIxMTExMTExMS0xMTExLTQxMTEtODExMS0xMTExMTExMTExMTEiLCJyaWQiOiIyMjIyMjIyMi0yMjIyLTQyMjItODIyMi0yMjIyMjIyMjIyMjIiLCJzdWIiOiJzdGFmZi0wYTFiMmMzZC00ZTVmLTRhNmItOGM3ZC05ZTBmMWEyYjNjNGQiLCJyb2xlIjoic3RhZmYiLCJuYW1lIjoiQW5uYSBSb3NzaSIsImlhdCI6MTc3MjQ0MjAwMCwiZXhwIjoxNzcyNDQ1NjAwfQ.R_1H9MkO9nSAhu42vUbxM2GmKuuANzRKb9ScSRXCic0';

const beforeExpiry = new Date('2026-03-02T09:59:59.000Z');
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');

describe('room token', () => {
  it('is a standard HS256 JWT of the claims', () => {
    expect(signRoomToken(CLAIMS, SECRET)).toBe(EXPECTED);
  });

  it('verifies a genuine token until its expiry', () => {
    expect(verifyRoomToken(EXPECTED, SECRET, beforeExpiry)).toEqual({ ok: true, claims: CLAIMS });
    expect(verifyRoomToken(EXPECTED, SECRET, new Date('2026-03-02T10:00:00.000Z'))).toMatchObject({
      ok: false,
      problem: 'expired',
      claims: { sub: expect.any(String) },
    });
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyRoomToken(signRoomToken(CLAIMS, `${SECRET}-other`), SECRET, beforeExpiry)).toEqual({ ok: false, problem: 'bad-signature' });
  });

  it('refuses changed claims under the original signature: another room, company, identity or expiry', () => {
    const [header, , signature] = EXPECTED.split('.');
    for (const change of [
      { rid: '33333333-3333-4333-8333-333333333333' },
      { cid: '44444444-4444-4444-8444-444444444444' },
      { sub: 'staff-ffffffff-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
      { exp: CLAIMS.exp + 86_400 },
    ]) {
      const forged = `${header}.${encode({ ...CLAIMS, ...change })}.${signature}`;
      expect(verifyRoomToken(forged, SECRET, beforeExpiry)).toEqual({ ok: false, problem: 'bad-signature' });
    }
  });

  it('refuses other algorithms, unsigned tokens and garbage', () => {
    const payload = EXPECTED.split('.')[1];
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512Header = encode({ alg: 'HS512', typ: 'JWT' });
    const hs512 = `${hs512Header}.${payload}.${sign(`${hs512Header}.${payload}`)}`;
    for (const token of [none, hs512, 'not-a-token', '', 'a.b', `${EXPECTED}.extra`]) {
      expect(verifyRoomToken(token, SECRET, beforeExpiry).ok).toBe(false);
    }
  });

  it('refuses well-signed payloads that are not room claims', () => {
    const header = EXPECTED.split('.')[0];
    for (const claims of [
      { ...CLAIMS, role: 'guest' },
      { ...CLAIMS, sub: 'admin' },
      { ...CLAIMS, exp: 'later' },
    ]) {
      const payload = encode(claims);
      expect(verifyRoomToken(`${header}.${payload}.${sign(`${header}.${payload}`)}`, SECRET, beforeExpiry)).toEqual({ ok: false, problem: 'malformed' });
    }
  });
});
