import { managedStoresSchema } from '@incontra/contracts/api/store-management';
import { roomsPageSchema } from '@incontra/contracts/api/room-management';
import { liveQueueSchema } from '@incontra/contracts/api/join-requests';
import { roomDocumentSchema, roomDocumentsSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { joinRoomResponseSchema } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { storeStaffEmails } from '../src/booking/repository';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * Store scoping beyond the lobby: an operator limited by user_stores to Milano Centro neither
 * enters Roma's room nor reads, adds, downloads (without a signed link) or deletes its files, nor
 * puts anyone out of it. Roma's room answers 404, as another company's would. Admins are never
 * limited, whatever user_stores says.
 */

let t: LobbyTestApp;
let f: DocumentsFixture;
let anna: TestClient;
let marco: TestClient;
let milano: string;
let roma: string;
let milanoRoom: string;
let romaRoom: string;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 10_000 }, env: { UPLOAD_RATE_LIMIT_PER_MINUTE: '100000' } });
  f = await DocumentsFixture.create(t);
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
  milano = t.seeded.store('Milano Centro');
  roma = t.seeded.store('Roma Termini');
  milanoRoom = t.seeded.room('Sala Consulenza');
  romaRoom = t.seeded.room('Sala Roma');
}, START_TIMEOUT_MS);
afterEach(async () => {
  await t.serveOnly(t.seeded.demoId, 'operatore', []);
  await t.serveOnly(t.seeded.demoId, 'admin', []);
});
afterAll(() => t.close());

const notFound = { statusCode: 404, error: 'Not Found', message: IT.errors.notFound };

async function documentIn(roomId: string, kind: 'document' | 'chat' = 'document'): Promise<RoomDocument> {
  const response = await f.upload(anna, roomId, [{ name: 'kind', value: kind }, file('listino.pdf', pdf(), PDF_TYPE)]);
  expect(response.statusCode).toBe(201);
  return roomDocumentSchema.parse(response.json());
}

async function joined(browser: TestClient, roomId: string) {
  const response = await browser.post(`/api/video-room/${roomId}/join`);
  expect(response.statusCode).toBe(200);
  return joinRoomResponseSchema.parse(response.json());
}

/** Every staff call on a room and its files, each with its answer (`other` is in the call, to be put out). */
async function callsOn(browser: TestClient, roomId: string, other = anna) {
  const document = await documentIn(roomId);
  const chatFile = await documentIn(roomId, 'chat');
  const someoneElse = await joined(other, roomId);
  const answers = {
    join: await browser.post(`/api/video-room/${roomId}/join`),
    list: await browser.get(`/api/room/${roomId}/documents`),
    listChat: await browser.get(`/api/room/${roomId}/documents?kind=chat`),
    upload: await f.upload(browser, roomId, [file('nuovo.pdf', pdf(), PDF_TYPE)]),
    download: await browser.get(`/api/documents/${document.id}/download`),
    delete: await browser.request('DELETE', `/api/documents/${chatFile.id}`),
    kick: await browser.post(`/api/video-room/${roomId}/kick/${someoneElse.identity}`),
  };
  return { answers, document, chatFile };
}

describe('an operator limited to Milano Centro', () => {
  it('gets 404 for every call on Roma’s room, which stays as it was', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    await f.expectNothingStored(async () => {
      const { answers, document, chatFile } = await callsOn(marco, romaRoom);
      for (const [call, response] of Object.entries(answers)) {
        expect({ call, body: response.json() }).toEqual({ call, body: notFound });
      }
      // The signed link is anyone's in the room: it still opens the file.
      expect((await f.anonymousGet(document.url)).statusCode).toBe(200);
      // Not deleted: it is still listed for Anna. (The two files callsOn added are removed again.)
      const listed = roomDocumentsSchema.parse((await anna.get(`/api/room/${romaRoom}/documents?kind=chat`)).json());
      expect(listed.map((entry) => entry.id)).toContain(chatFile.id);
      expect((await anna.request('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(200);
      expect((await anna.request('DELETE', `/api/documents/${chatFile.id}`)).statusCode).toBe(200);
    });
  });

  it('does everything on Milano’s room', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    const { answers } = await callsOn(marco, milanoRoom);
    expect(Object.fromEntries(Object.entries(answers).map(([call, response]) => [call, response.statusCode]))).toEqual({
      join: 200,
      list: 200,
      listChat: 200,
      upload: 201,
      download: 200,
      delete: 200,
      kick: 200,
    });
  });

  it('serves every store again once no user_stores row names them', async () => {
    const { answers } = await callsOn(marco, romaRoom);
    expect(Object.values(answers).map((response) => response.statusCode)).toEqual([200, 200, 200, 201, 200, 200, 200]);
  });
});

describe('an admin with user_stores rows', () => {
  it('is not limited by them: Roma’s room and its files, and Roma’s visitors in the lobby', async () => {
    await t.serveOnly(t.seeded.demoId, 'admin', [milano]);
    const { answers } = await callsOn(anna, romaRoom, marco);
    expect(Object.values(answers).map((response) => response.statusCode)).toEqual([200, 200, 200, 201, 200, 200, 200]);

    const visitor = await t.visitor();
    await visitor.send(roma, romaRoom, 'Rita Roma');
    // Roma's visitors prove their phone first; this one has.
    await t.force(t.seeded.demoId, visitor.id, 'verified', { phoneNumber: '+393331234567' });
    const queue = liveQueueSchema.parse((await anna.get('/api/bo/join-requests')).json());
    expect(queue.requests.map((request) => request.id)).toContain(visitor.id);
    expect((await t.service().queueFor(t.seeded.demoId, await t.userId(t.seeded.demoId, 'admin'))).storeIds).toBeNull();
    expect((await anna.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(200);
  });
});

describe('every list of what stores own, by the one rule', () => {
  /** What each list shows a browser of the stores it names, and which staff the store's e-mails reach. */
  async function seenBy(browser: TestClient) {
    const stores = managedStoresSchema.parse((await browser.get('/api/stores')).json());
    const rooms = roomsPageSchema.parse((await browser.get('/api/rooms?pageSize=100')).json());
    return {
      stores: stores.map((store) => store.id).filter((id) => id === milano || id === roma),
      rooms: rooms.items.map((room) => room.id).filter((id) => id === milanoRoom || id === romaRoom),
    };
  }
  const staffEmailsOf = (storeId: string) => t.db.withTenant(t.seeded.demoId, (tx) => storeStaffEmails(tx, t.seeded.demoId, storeId));

  it('an admin with a row for Milano only still has every store, and Roma’s staff e-mails reach them', async () => {
    await t.serveOnly(t.seeded.demoId, 'admin', [milano]);
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect(await seenBy(anna)).toEqual({ stores: [milano, roma], rooms: [milanoRoom, romaRoom] });
    expect(await staffEmailsOf(roma)).toEqual(['admin@demo.incontra.local']);
    expect(await staffEmailsOf(milano)).toEqual(['admin@demo.incontra.local', 'operatore@demo.incontra.local']);
  });

  it('an operator with a row for Milano has Milano only', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect(await seenBy(marco)).toEqual({ stores: [milano], rooms: [milanoRoom] });
  });

  it('an operator without rows has every store, and every store’s e-mails reach them', async () => {
    expect(await seenBy(marco)).toEqual({ stores: [milano, roma], rooms: [milanoRoom, romaRoom] });
    expect(await staffEmailsOf(roma)).toEqual(['admin@demo.incontra.local', 'operatore@demo.incontra.local']);
  });
});
