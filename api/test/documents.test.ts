import { roomDocumentsSchema, UPLOAD_MAX_BYTES } from '@incontra/contracts/api/documents';
import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { DOCX_TYPE, docx, DocumentsFixture, exe, file, PDF_TYPE, pdf, png } from './helpers/documents-fixture';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
let f: DocumentsFixture;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { notFoundPerMinute: 10_000 } });
  f = await DocumentsFixture.create(t);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('POST and GET /api/room/{id}/documents', () => {
  it('stores a pdf, a png and a docx and lists them newest first', async () => {
    const first = await f.uploaded([file('Preventivo.pdf', pdf(), PDF_TYPE)]);
    t.clock.advance(1000);
    const second = await f.uploaded([file('foto.png', png, 'image/png')]);
    t.clock.advance(1000);
    const third = await f.uploaded([{ name: 'kind', value: 'document' }, file('Contratto.docx', docx, DOCX_TYPE)]);

    expect(first).toMatchObject({ roomId: f.demoRoom, kind: 'document', name: 'Preventivo.pdf', mimeType: PDF_TYPE, size: 6000 });
    expect(first.createdAt).toBe(new Date(t.clock.now().getTime() - 2000).toISOString());
    expect(first.url).toMatch(new RegExp(`^/api/documents/${first.id}/download\\?exp=\\d+&sig=[\\w-]+$`));
    expect(second).toMatchObject({ name: 'foto.png', mimeType: 'image/png', size: png.length });
    expect(third).toMatchObject({ name: 'Contratto.docx', mimeType: DOCX_TYPE, size: docx.length });

    const list = await f.demo.get(`/api/room/${f.demoRoom}/documents`);
    expect(list.statusCode).toBe(200);
    expect(roomDocumentsSchema.parse(list.json()).map((document) => document.id)).toEqual([third.id, second.id, first.id]);

    const download = await f.demo.get(`/api/documents/${third.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(docx)).toBe(true);
  });

  it('keeps a chat file out of the list, yet downloadable by its link (kind may follow the file)', async () => {
    const chat = await f.uploaded([file('scontrino.pdf', pdf(100), PDF_TYPE), { name: 'kind', value: 'chat' }]);
    expect(chat.kind).toBe('chat');
    const listed = roomDocumentsSchema.parse((await f.demo.get(`/api/room/${f.demoRoom}/documents`)).json());
    expect(listed.map((document) => document.id)).not.toContain(chat.id);
    const download = await f.anonymousGet(chat.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf(100))).toBe(true);
  });

  it('answers an empty list for a room without documents', async () => {
    const otherStoreId = (await f.demo.get('/api/config/company')).json().stores[1].id as string;
    const otherRoom = (await f.demo.get(`/api/config/store/${otherStoreId}`)).json().rooms[0].id as string;
    expect((await f.demo.get(`/api/room/${otherRoom}/documents`)).json()).toEqual([]);
  });

  it('keeps only the last segment of the name, without control characters', async () => {
    const document = await f.uploaded([file('../../segreti/fat\ttura.pdf', pdf(), PDF_TYPE)]);
    expect(document.name).toBe('fattura.pdf');
  });

  it('refuses a type outside the list, a renamed executable and a name that lies about the content, storing nothing', async () => {
    const unsupported = { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.typeNotAllowed, field: 'file' };
    await f.expectNothingStored(async () => {
      const program = await f.upload(f.demo, f.demoRoom, [file('setup.exe', exe)]);
      expect(program.json()).toEqual(unsupported);
      const renamed = await f.upload(f.demo, f.demoRoom, [file('fattura.pdf', exe, PDF_TYPE)]);
      expect(renamed.json()).toEqual(unsupported);
      const lying = await f.upload(f.demo, f.demoRoom, [file('foto.png', pdf(), 'image/png')]);
      expect(lying.json()).toEqual(unsupported);
      const declaredOtherType = await f.upload(f.demo, f.demoRoom, [file('foto.png', png, 'text/html')]);
      expect(declaredOtherType.statusCode).toBe(415);
      const binaryText = await f.upload(f.demo, f.demoRoom, [file('note.txt', exe, 'text/plain')]);
      expect(binaryText.statusCode).toBe(415);
    });
  });

  it('accepts a file of exactly the limit', async () => {
    const document = await f.uploaded([file('grande.pdf', pdf(UPLOAD_MAX_BYTES), PDF_TYPE)]);
    expect(document.size).toBe(UPLOAD_MAX_BYTES);
  });

  it('answers 413 naming the limit in MB for a larger file, and keeps nothing of it', async () => {
    await f.expectNothingStored(async () => {
      const response = await f.upload(f.demo, f.demoRoom, [file('troppo.pdf', pdf(UPLOAD_MAX_BYTES + 1), PDF_TYPE)]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: IT_DOCUMENTS.tooLarge(10), field: 'file' });
      expect(response.json().message).toContain('10 MB');
    });
  });

  it('answers 400 naming file when there is none, it is empty, or there are two', async () => {
    await f.expectNothingStored(async () => {
      const missing = await f.upload(f.demo, f.demoRoom, [{ name: 'kind', value: 'document' }]);
      expect(missing.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT_DOCUMENTS.fileRequired, field: 'file' });
      const notChosen = await f.upload(f.demo, f.demoRoom, [file('', Buffer.alloc(0))]);
      expect(notChosen.json()).toMatchObject({ statusCode: 400, field: 'file' });
      const json = await f.demo.post(`/api/room/${f.demoRoom}/documents`, { file: 'x' });
      expect(json.json()).toMatchObject({ statusCode: 400, field: 'file' });
      const empty = await f.upload(f.demo, f.demoRoom, [file('vuoto.txt', Buffer.alloc(0), 'text/plain')]);
      expect(empty.json()).toMatchObject({ statusCode: 400, message: IT_DOCUMENTS.fileEmpty, field: 'file' });
      const two = await f.upload(f.demo, f.demoRoom, [file('a.pdf', pdf(), PDF_TYPE), file('b.pdf', pdf(), PDF_TYPE)]);
      expect(two.json()).toMatchObject({ statusCode: 400, message: IT_DOCUMENTS.oneFileOnly, field: 'file' });
    });
  });

  it('answers 400 naming kind for an unknown kind, removing the file it had stored', async () => {
    await f.expectNothingStored(async () => {
      const response = await f.upload(f.demo, f.demoRoom, [file('a.pdf', pdf(), PDF_TYPE), { name: 'kind', value: 'segreto' }]);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT_DOCUMENTS.kindInvalid, field: 'kind' });
    });
  });

  it('refuses an upload without the CSRF header', async () => {
    await f.expectNothingStored(async () => {
      const response = await f.upload(f.demo, f.demoRoom, [file('a.pdf', pdf(), PDF_TYPE)], { [SESSION.csrfHeaderName]: '' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(IT.errors.csrf);
    });
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.get('/api/me');
    expect((await anonymous.get(`/api/room/${f.demoRoom}/documents`)).statusCode).toBe(401);
    await f.expectNothingStored(async () => {
      expect((await f.upload(anonymous, f.demoRoom, [file('a.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(401);
    });
  });

  it("answers 404 for another company's room and an unknown room, and a malformed one alike", async () => {
    await f.expectNothingStored(async () => {
      expect((await f.acme.get(`/api/room/${f.demoRoom}/documents`)).statusCode).toBe(404);
      expect((await f.upload(f.acme, f.demoRoom, [file('a.pdf', pdf(), PDF_TYPE)])).statusCode).toBe(404);
      expect((await f.demo.get(`/api/room/${f.acmeRoom}/documents`)).statusCode).toBe(404);
      expect((await f.demo.get('/api/room/00000000-0000-4000-8000-000000000000/documents')).statusCode).toBe(404);
    });
    const malformed = await f.demo.get('/api/room/not-a-uuid/documents');
    expect(malformed.json()).toEqual({ statusCode: 404, error: 'Not Found', message: IT.errors.notFound });
  });
});
