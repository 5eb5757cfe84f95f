import { createHmac } from 'node:crypto';
import { joinRoomResponseSchema } from '@incontra/contracts/api/video-room';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';
import { TWILIO_TEST_KEYS } from './helpers/twilio-keys';

const TTL_SECONDS = 1200;

let t: TestApp;
let seeded: SeededRooms;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TWILIO_TEST_KEYS, ROOM_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
  seeded = await seededRooms(t);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

function decode(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('POST /api/video-room/{id}/join with Twilio configured', () => {
  it('answers a Twilio access token granting that one room to the identity, for the TTL', async () => {
    const roomId = seeded.room('Sala Roma');
    const response = await (await signedInStaff(t)).post(`/api/video-room/${roomId}/join`);
    expect(response.statusCode).toBe(200);
    const answer = joinRoomResponseSchema.parse(response.json());
    const roomName = `${seeded.demoId}-${roomId}`;
    expect(answer).toMatchObject({ provider: 'twilio', roomName, role: 'staff', displayName: 'Anna Rossi', room: { id: roomId, maxParticipants: null } });
    expect(answer.expiresAt).toBe(new Date(t.clock.now().getTime() + TTL_SECONDS * 1000).toISOString());

    const [header, payload, signature] = answer.token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
    const claims = decode(payload);
    expect(claims).toMatchObject({
      iss: TWILIO_TEST_KEYS.TWILIO_API_KEY_SID,
      sub: TWILIO_TEST_KEYS.TWILIO_ACCOUNT_SID,
      grants: { identity: answer.identity, video: { room: roomName } },
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(TTL_SECONDS);
    expect(signature).toBe(createHmac('sha256', TWILIO_TEST_KEYS.TWILIO_API_KEY_SECRET).update(`${header}.${payload}`).digest('base64url'));
  });
});
