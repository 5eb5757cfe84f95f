import { and, eq, sum } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { roomDocumentSchema, roomDocumentsSchema } from '@incontra/contracts/api/documents';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { documents, editorImages } from '../src/db/schema';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { multipartBody, type FormPart } from './helpers/multipart-body';
import { bareUpload, guestIn } from './helpers/room-guest';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * How much the rooms may store, and how fast: per uploader per minute, per room, per company. The
 * uploads race (all at once, on PostgreSQL on parallel connections): the counts must still hold
 * exactly, and every refused file is gone from the disk. The rate and the quota are the same for
 * the editor's images: one account of every stored byte.
 */

const PER_MINUTE = 10;
const ROOM_MAX_FILES = 12;
const QUOTA_MB = 1;

let t: LobbyTestApp;
let f: DocumentsFixture;
let anna: TestClient;
let marco: TestClient;
beforeAll(async () => {
  t = await startLobbyApp({
    rateLimits: { notFoundPerMinute: 10_000 },
    env: { UPLOAD_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), UPLOAD_ROOM_MAX_FILES: String(ROOM_MAX_FILES), UPLOAD_COMPANY_QUOTA_MB: String(QUOTA_MB) },
  });
  f = await DocumentsFixture.create(t);
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const chatPdf = (size = 10_000): FormPart[] => [{ name: 'kind', value: 'chat' }, file('ricevuta.pdf', pdf(size), PDF_TYPE)];

function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

function roomRows(companyId: string, roomId: string) {
  return t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId))),
  );
}

/** Runs `fn` and answers how many files it added to the uploads folder. */
async function filesAddedBy(fn: () => Promise<void>): Promise<number> {
  const before = (await f.storedFiles()).length;
  await fn();
  return (await f.storedFiles()).length - before;
}

describe('per uploader per minute', () => {
  it(`stores exactly ${PER_MINUTE} of 30 chat files a guest sends at once, refusing the rest with 429 and keeping none of them`, async () => {
    const guest = await guestIn(t, anna);
    let responses: LightMyRequestResponse[] = [];
    const added = await filesAddedBy(async () => {
      responses = await Promise.all(Array.from({ length: 30 }, () => bareUpload(f, guest.room.id, guest.uploadToken, chatPdf())));
    });
    expect(statusCounts(responses)).toEqual({ 201: PER_MINUTE, 429: 30 - PER_MINUTE });
    expect(responses.find((response) => response.statusCode === 429)?.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: IT_DOCUMENTS.uploadRateLimited(PER_MINUTE),
    });
    expect(added).toBe(PER_MINUTE);
    const mine = (await roomRows(t.seeded.demoId, guest.room.id)).filter((row) => row.uploadedBy === guest.identity);
    expect(mine).toHaveLength(PER_MINUTE);

    // A minute later the guest may send again; staff were never held back by the guest's files.
    expect((await f.upload(anna, guest.room.id, [file('listino.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(201);
    expect((await bareUpload(f, guest.room.id, guest.uploadToken, chatPdf())).statusCode).toBe(429);
    t.clock.advance(60_000);
    expect((await bareUpload(f, guest.room.id, guest.uploadToken, chatPdf())).statusCode).toBe(201);
  });
});

describe('per room', () => {
  it(`stores exactly ${ROOM_MAX_FILES} files in a room when two staff members send 20 at once, refusing the rest with 422`, async () => {
    const roomId = t.seeded.room('Sala Assistenza');
    let responses: LightMyRequestResponse[] = [];
    const added = await filesAddedBy(async () => {
      responses = await Promise.all(
        [anna, marco].flatMap((browser) => Array.from({ length: 10 }, () => f.upload(browser, roomId, [file('verbale.pdf', pdf(), PDF_TYPE)]))),
      );
    });
    expect(statusCounts(responses)).toEqual({ 201: ROOM_MAX_FILES, 422: 20 - ROOM_MAX_FILES });
    expect(responses.find((response) => response.statusCode === 422)?.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IT_DOCUMENTS.roomFilesFull(ROOM_MAX_FILES),
    });
    expect(added).toBe(ROOM_MAX_FILES);
    expect(await roomRows(t.seeded.demoId, roomId)).toHaveLength(ROOM_MAX_FILES);

    // Full: refused before the file is read. A file deleted makes room for one more.
    t.clock.advance(60_000);
    await f.expectNothingStored(async () => {
      expect((await f.upload(anna, roomId, [file('ancora.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(422);
    });
    const listed = roomDocumentsSchema.parse((await anna.get(`/api/room/${roomId}/documents`)).json());
    expect((await anna.request('DELETE', `/api/documents/${listed[0]!.id}`)).statusCode).toBe(200);
    expect((await f.upload(anna, roomId, [file('ancora.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(201);
  });
});

describe('per company', () => {
  it(`stores files in parallel up to the ${QUOTA_MB} MB quota exactly, refusing the one that would pass it with 422`, async () => {
    const luca = await t.staff('admin', 'acme.localhost');
    const giulia = await t.staff('operatore', 'acme.localhost');
    const roomId = t.seeded.room('Sala Acme');
    const size = 300_000;
    let responses: LightMyRequestResponse[] = [];
    const added = await filesAddedBy(async () => {
      responses = await Promise.all(
        [luca, giulia].flatMap((browser) => Array.from({ length: 4 }, () => f.upload(browser, roomId, [file('catalogo.pdf', pdf(size), PDF_TYPE)]))),
      );
    });
    const fits = Math.floor((QUOTA_MB * 1024 * 1024) / size);
    expect(statusCounts(responses)).toEqual({ 201: fits, 422: 8 - fits });
    expect(responses.find((response) => response.statusCode === 422)?.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IT_DOCUMENTS.quotaExceeded(QUOTA_MB),
      field: 'file',
    });
    expect(added).toBe(fits);
    const rows = await roomRows(t.seeded.acmeId, roomId);
    expect(rows.reduce((total, row) => total + row.size, 0)).toBe(fits * size);

    // What is left still takes a smaller file; Demo's files never counted against Acme's quota.
    const left = QUOTA_MB * 1024 * 1024 - fits * size;
    const last = await f.upload(luca, roomId, [file('ultimo.pdf', pdf(left), PDF_TYPE)]);
    expect(roomDocumentSchema.parse(last.json()).size).toBe(left);
    expect((await f.upload(giulia, roomId, [file('nota.txt', Buffer.from('x'), 'text/plain')])).statusCode).toBe(422);
  });
});

/** A PNG the editor takes (signature and an 8 × 8 header), padded to `size` bytes. */
function image(size: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(8, 16);
  header.writeUInt32BE(8, 20);
  return Buffer.concat([header, Buffer.alloc(size - header.length)]);
}

function uploadImage(browser: TestClient, content: Buffer) {
  const { payload, headers } = multipartBody([{ name: 'image', filename: 'foto.png', contentType: 'image/png', content }]);
  return browser.post('/api/editor/upload-image', payload, headers);
}

/** Every stored byte of the company, as the rows say: documents, chat files, editor images. */
async function storedBytes(companyId: string): Promise<number> {
  return t.db.asOwnerForTenant(companyId, async (tx) => {
    const [files] = await tx
      .select({ bytes: sum(documents.size) })
      .from(documents)
      .where(eq(documents.companyId, companyId));
    const [images] = await tx
      .select({ bytes: sum(editorImages.size) })
      .from(editorImages)
      .where(eq(editorImages.companyId, companyId));
    return Number(files?.bytes ?? 0) + Number(images?.bytes ?? 0);
  });
}

describe('the editor images, under the same rate and quota as the rooms’ files', () => {
  it(`count with a staff member’s files: ${PER_MINUTE} a minute together, 20 images at once refused past it with 429`, async () => {
    t.clock.advance(60_000);
    const roomId = t.seeded.room('Sala Roma');
    for (let index = 0; index < 4; index += 1) {
      expect((await f.upload(anna, roomId, [file('verbale.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(201);
    }
    let responses: LightMyRequestResponse[] = [];
    const added = await filesAddedBy(async () => {
      responses = await Promise.all(Array.from({ length: 20 }, () => uploadImage(anna, image(4_000))));
    });
    expect(statusCounts(responses)).toEqual({ 201: PER_MINUTE - 4, 429: 20 - (PER_MINUTE - 4) });
    expect(responses.find((response) => response.statusCode === 429)?.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: IT_DOCUMENTS.uploadRateLimited(PER_MINUTE),
    });
    expect(added).toBe(PER_MINUTE - 4);
    // The images used up the minute for the room's files too; a minute later both go again.
    await f.expectNothingStored(async () => {
      expect((await f.upload(anna, roomId, [file('ancora.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(429);
    });
    t.clock.advance(60_000);
    expect((await uploadImage(anna, image(4_000))).statusCode).toBe(201);
    expect((await f.upload(anna, roomId, [file('ancora.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(201);
  });

  it('fill the company quota the files left exactly, in parallel, and then no file passes it either', async () => {
    t.clock.advance(60_000);
    const quota = QUOTA_MB * 1024 * 1024;
    const used = await storedBytes(t.seeded.demoId);
    expect(used).toBeGreaterThan(0);
    const size = Math.floor((quota - used) / 3.5);
    let responses: LightMyRequestResponse[] = [];
    const added = await filesAddedBy(async () => {
      responses = await Promise.all(Array.from({ length: 8 }, () => uploadImage(anna, image(size))));
    });
    expect(statusCounts(responses)).toEqual({ 201: 3, 422: 5 });
    expect(responses.find((response) => response.statusCode === 422)?.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IT_DOCUMENTS.quotaExceeded(QUOTA_MB),
      field: 'image',
    });
    expect(added).toBe(3);
    expect(await storedBytes(t.seeded.demoId)).toBe(used + 3 * size);

    // What is left takes a last image of exactly its size; one byte more, as a file, is refused.
    const left = quota - used - 3 * size;
    await f.expectNothingStored(async () => {
      expect((await f.upload(anna, t.seeded.room('Sala Roma'), [file('verbale.pdf', pdf(left + 1), PDF_TYPE)])).json()).toMatchObject({
        statusCode: 422,
        field: 'file',
      });
    });
    expect((await uploadImage(anna, image(left))).statusCode).toBe(201);
    expect(await storedBytes(t.seeded.demoId)).toBe(quota);
    expect((await uploadImage(anna, image(100))).statusCode).toBe(422);
  });
});
