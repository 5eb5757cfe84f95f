import { eq } from 'drizzle-orm';
import { roomDocumentSchema, roomDocumentsSchema } from '@incontra/contracts/api/documents';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { documents } from '../src/db/schema';
import { signRoomToken, verifyRoomToken } from '../src/video-room/room-token';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import type { FormPart } from './helpers/multipart-body';
import { bareUpload as uploadWithToken, guestIn as enterAsGuest } from './helpers/room-guest';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * A guest (an approved visitor, without a session) sends a chat file with the join answer's
 * `uploadToken` as Bearer: only chat files, only to its room, only while its entry stands.
 */

const SECRET = 'documents-guest-test-secret-0123456789abcdef';
const TTL_SECONDS = 3600;

let t: LobbyTestApp;
let f: DocumentsFixture;
let anna: TestClient;
beforeAll(async () => {
  t = await startLobbyApp({ env: { ROOM_TOKEN_SECRET: SECRET, ROOM_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }, rateLimits: { notFoundPerMinute: 10_000 } });
  f = await DocumentsFixture.create(t);
  anna = await t.staff('admin');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const chatPdf = (size = 500): FormPart[] => [{ name: 'kind', value: 'chat' }, file('ricevuta.pdf', pdf(size), PDF_TYPE)];

/** A visitor approved by Anna into `room` (of Milano), entered as a guest: its join answer. */
const guestIn = (room = 'Sala Consulenza'): Promise<JoinRoomResponse> => enterAsGuest(t, anna, room);

/** A browser with no cookie at all (no session, no CSRF token): only the Bearer speaks for it. */
const bareUpload = (roomId: string, token: string, parts: FormPart[], host = 'demo.localhost') => uploadWithToken(f, roomId, token, parts, host);

async function uploadedBy(documentId: string): Promise<string | undefined> {
  const companyId = t.seeded.demoId;
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select({ by: documents.uploadedBy }).from(documents).where(eq(documents.id, documentId)));
  return row?.by;
}

describe('POST /api/room/{id}/documents with a guest’s upload token', () => {
  it('stores a chat file of the guest’s room, recorded as the guest’s, whose signed link downloads it', async () => {
    const guest = await guestIn();
    expect(guest.uploadToken).toBe(guest.token);
    const response = await bareUpload(guest.room.id, guest.uploadToken, chatPdf(700));
    expect(response.statusCode).toBe(201);
    const document = roomDocumentSchema.parse(response.json());
    expect(document).toMatchObject({ roomId: guest.room.id, kind: 'chat', name: 'ricevuta.pdf', mimeType: PDF_TYPE, size: 700 });
    expect(await uploadedBy(document.id)).toBe(guest.identity);

    const download = await f.anonymousGet(document.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf(700))).toBe(true);
    // Staff see it in the chat, not in the room's documents.
    const listed = roomDocumentsSchema.parse((await anna.get(`/api/room/${guest.room.id}/documents`)).json());
    expect(listed.map((entry) => entry.id)).not.toContain(document.id);
  });

  it('refuses (403) a document, named or by default, keeping nothing of it', async () => {
    const guest = await guestIn();
    await f.expectNothingStored(async () => {
      const named = await bareUpload(guest.room.id, guest.uploadToken, [file('listino.pdf', pdf(), PDF_TYPE), { name: 'kind', value: 'document' }]);
      expect(named.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_DOCUMENTS.guestChatOnly, field: 'kind' });
      const byDefault = await bareUpload(guest.room.id, guest.uploadToken, [file('listino.pdf', pdf(), PDF_TYPE)]);
      expect(byDefault.statusCode).toBe(403);
    });
  });

  it('keeps the file checks of staff uploads', async () => {
    const guest = await guestIn();
    await f.expectNothingStored(async () => {
      const lying = await bareUpload(guest.room.id, guest.uploadToken, [{ name: 'kind', value: 'chat' }, file('foto.png', pdf(), 'image/png')]);
      expect(lying.json()).toMatchObject({ statusCode: 415, message: IT_DOCUMENTS.typeNotAllowed });
    });
  });

  it('answers 404 for another room of the company, another company’s host or room', async () => {
    const guest = await guestIn();
    await f.expectNothingStored(async () => {
      expect((await bareUpload(t.seeded.room('Sala Assistenza'), guest.uploadToken, chatPdf())).json()).toMatchObject({
        statusCode: 404,
        message: IT.errors.notFound,
      });
      expect((await bareUpload(guest.room.id, guest.uploadToken, chatPdf(), 'acme.localhost')).statusCode).toBe(404);
      expect((await bareUpload(t.seeded.room('Sala Acme'), guest.uploadToken, chatPdf(), 'acme.localhost')).statusCode).toBe(404);
      expect((await bareUpload('not-a-room', guest.uploadToken, chatPdf())).statusCode).toBe(404);
    });
  });

  it('answers 401 for a forged token, one signed with another secret, or garbage', async () => {
    const guest = await guestIn();
    const check = verifyRoomToken(guest.uploadToken, SECRET, t.clock.now());
    if (!check.ok) throw new Error('the upload token should verify');
    const [header, , signature] = guest.uploadToken.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...check.claims, role: 'staff', sub: guest.identity.replace('guest-', 'staff-') })).toString('base64url');
    const tokens = [`${header}.${otherPayload}.${signature}`, signRoomToken(check.claims, 'another-secret-of-at-least-32-characters!'), 'not.a.token'];
    await f.expectNothingStored(async () => {
      for (const token of tokens) {
        expect((await bareUpload(guest.room.id, token, chatPdf())).json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: IT_DOCUMENTS.roomAccessInvalid,
        });
      }
    });
  });

  it('answers 401 once staff removed the guest', async () => {
    const guest = await guestIn();
    expect((await bareUpload(guest.room.id, guest.uploadToken, chatPdf())).statusCode).toBe(201);
    expect((await anna.post(`/api/video-room/${guest.room.id}/kick/${guest.identity}`)).statusCode).toBe(200);
    await f.expectNothingStored(async () => {
      expect((await bareUpload(guest.room.id, guest.uploadToken, chatPdf())).json()).toMatchObject({
        statusCode: 401,
        message: IT_DOCUMENTS.roomAccessInvalid,
      });
    });
  });

  it('does not open listing or deleting documents, which stay staff-only', async () => {
    const guest = await guestIn();
    const document = roomDocumentSchema.parse((await bareUpload(guest.room.id, guest.uploadToken, chatPdf())).json());
    const bearer = { authorization: `Bearer ${guest.uploadToken}` };
    const bare = new TestClient(t.app);
    expect((await bare.get(`/api/room/${guest.room.id}/documents`, bearer)).statusCode).toBe(401);
    expect((await bare.request('DELETE', `/api/documents/${document.id}`, undefined, bearer)).statusCode).toBe(401);
    expect((await f.anonymousGet(document.url)).statusCode).toBe(200);
  });

  it('leaves staff uploads as they were: a document with the session cookie; the staff upload token is chat-only too', async () => {
    const roomId = t.seeded.room('Sala Consulenza');
    const document = await f.uploaded([file('Contratto.pdf', pdf(), PDF_TYPE)]);
    expect(document.kind).toBe('document');
    const staffJoin = joinRoomResponseSchema.parse((await anna.post(`/api/video-room/${roomId}/join`)).json());
    expect(staffJoin.uploadToken).toBe(staffJoin.token);
    expect((await bareUpload(roomId, staffJoin.uploadToken, [file('Contratto.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(403);
    const chat = roomDocumentSchema.parse((await bareUpload(roomId, staffJoin.uploadToken, chatPdf())).json());
    expect(await uploadedBy(chat.id)).toBe(staffJoin.identity);
  });

  // Last: moves the app's clock past every token issued so far.
  it('answers 401 once the token has expired', async () => {
    const guest = await guestIn();
    t.clock.advance(TTL_SECONDS * 1000 - 1000);
    expect((await bareUpload(guest.room.id, guest.uploadToken, chatPdf())).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await bareUpload(guest.room.id, guest.uploadToken, chatPdf())).json()).toMatchObject({ statusCode: 401, message: IT_DOCUMENTS.roomAccessInvalid });
  });
});
