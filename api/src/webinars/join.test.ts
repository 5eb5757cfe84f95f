import { turnCredentials } from '../realtime/ice-servers';
import { joinCredential, type JoinSettings } from './join';
import type { WebinarRow } from './repository';

const NOW = new Date('2026-03-03T16:50:00.000Z');
const WEBINAR = { id: '50000000-0000-4000-8000-000000000005', companyId: '70000000-0000-4000-8000-000000000007' } as WebinarRow;
const SEAT = { role: 'viewer' as const, seat: '30000000-0000-4000-8000-000000000003', displayName: 'Giulia Bianchi' };
const SETTINGS: JoinSettings = {
  engine: 'local',
  tokenSecret: 'a-token-secret-of-32-characters!!',
  tokenTtlSeconds: 3600,
  ice: { urls: ['stun:stun.example.org:3478', 'turn:turn.example.org:3478'], turnSecret: 'turn-shared-secret', turnTtlSeconds: 900 },
};

describe('a webinar join credential', () => {
  it('gives the mesh its STUN server and a TURN credential made for the seat', () => {
    const join = joinCredential(SETTINGS, WEBINAR, SEAT, NOW);
    const turn = turnCredentials('turn-shared-secret', SEAT.seat, new Date(NOW.getTime() + 900_000));
    expect(join.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }, { urls: 'turn:turn.example.org:3478', ...turn }]);
  });

  it('gives no ICE servers where the browsers connect to an SFU', () => {
    expect(joinCredential({ ...SETTINGS, engine: 'janus' }, WEBINAR, SEAT, NOW).iceServers).toEqual([]);
    expect(joinCredential({ ...SETTINGS, engine: 'twilio' }, WEBINAR, SEAT, NOW).iceServers).toEqual([]);
  });

  it('leaves TURN out without its secret (a browser refuses a TURN server without credentials)', () => {
    const join = joinCredential({ ...SETTINGS, ice: { ...SETTINGS.ice, turnSecret: null } }, WEBINAR, SEAT, NOW);
    expect(join.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
  });
});
