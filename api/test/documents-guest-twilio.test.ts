import { roomDocumentSchema } from '@incontra/contracts/api/documents';
import { joinRoomResponseSchema } from '@incontra/contracts/api/video-room';
import { verifyRoomToken } from '../src/video-room/room-token';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { TWILIO_TEST_KEYS } from './helpers/twilio-keys';

/*
 * With Twilio the join's `token` is a Twilio access token the server cannot check later, so the
 * join answer carries a local room token for uploads. Sala Roma has no participant limit: no call
 * to Twilio is made.
 */

const SECRET = 'documents-guest-twilio-secret-0123456789abcdef';

let t: LobbyTestApp;
let f: DocumentsFixture;
beforeAll(async () => {
  t = await startLobbyApp({ env: { ...TWILIO_TEST_KEYS, ROOM_TOKEN_SECRET: SECRET } });
  f = await DocumentsFixture.create(t);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('the upload token with Twilio configured', () => {
  it('is a local room token of the same entry, with which the guest sends a chat file', async () => {
    const roomId = t.seeded.room('Sala Roma');
    const visitor = await t.visitor();
    await visitor.send(t.seeded.store('Roma Termini'), roomId);
    // Roma's visitors verify their phone first; that is not what this test is about.
    await t.force(t.seeded.demoId, visitor.id, 'approved', { expiresAt: new Date(t.clock.now().getTime() + 60_000) });
    const joined = await visitor.browser.post(`/api/video-room/${roomId}/join`, { joinRequestId: visitor.id }, { authorization: `Bearer ${visitor.token}` });
    expect(joined.statusCode).toBe(200);
    const guest = joinRoomResponseSchema.parse(joined.json());
    expect(guest.provider).toBe('twilio');
    expect(guest.uploadToken).not.toBe(guest.token);

    const check = verifyRoomToken(guest.uploadToken, SECRET, t.clock.now());
    expect(check.ok && check.claims).toMatchObject({ cid: t.seeded.demoId, rid: roomId, sub: guest.identity, role: 'guest', name: guest.displayName });
    expect(check.ok && check.claims.exp * 1000).toBe(Date.parse(guest.expiresAt));

    const parts = [{ name: 'kind', value: 'chat' }, file('ricevuta.pdf', pdf(), PDF_TYPE)];
    const response = await f.upload(new TestClient(t.app), roomId, parts, { authorization: `Bearer ${guest.uploadToken}` });
    expect(response.statusCode).toBe(201);
    expect(roomDocumentSchema.parse(response.json()).kind).toBe('chat');
    // The Twilio token itself opens nothing here.
    expect((await f.upload(new TestClient(t.app), roomId, parts, { authorization: `Bearer ${guest.token}` })).statusCode).toBe(401);
  });
});
