import { iceServersFor, turnCredentials } from './ice-servers';

const IDENTITY = 'staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SECRET = 'north-wind-shared-secret';
const NOW = new Date('2026-03-02T09:00:00.000Z');

describe('TURN credentials (coturn REST API)', () => {
  it('derives the password as base64 HMAC-SHA1 of "<expiry>:<identity>"', () => {
    // Expected value computed with `openssl dgst -sha1 -hmac <secret> -binary | base64`.
    expect(turnCredentials(SECRET, IDENTITY, new Date('2026-03-02T10:00:00.000Z'))).toEqual({
      username: `1772445600:${IDENTITY}`,
      credential: 'WDQP/Zdo8O6rHLcE1Rz/jq+vKyM=',
    });
  });
});

describe('ICE servers of a join', () => {
  const urls = ['stun:stun.example.org:3478', 'turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'];

  it('gives TURN URLs credentials expiring after the TTL, STUN URLs none', () => {
    expect(iceServersFor({ urls, turnSecret: SECRET, turnTtlSeconds: 3600 }, IDENTITY, NOW)).toEqual([
      { urls: 'stun:stun.example.org:3478' },
      { urls: 'turn:turn.example.org:3478?transport=udp', username: `1772445600:${IDENTITY}`, credential: 'WDQP/Zdo8O6rHLcE1Rz/jq+vKyM=' },
      { urls: 'turns:turn.example.org:5349', username: `1772445600:${IDENTITY}`, credential: 'WDQP/Zdo8O6rHLcE1Rz/jq+vKyM=' },
    ]);
  });

  it('leaves TURN out without a secret, and is empty without URLs', () => {
    expect(iceServersFor({ urls, turnSecret: null, turnTtlSeconds: 3600 }, IDENTITY, NOW)).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    expect(iceServersFor({ urls: [], turnSecret: SECRET, turnTtlSeconds: 3600 }, IDENTITY, NOW)).toEqual([]);
  });
});
