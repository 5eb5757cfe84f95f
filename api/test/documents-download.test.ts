import { rm } from 'node:fs/promises';
import path from 'node:path';
import { roomDocumentsSchema } from '@incontra/contracts/api/documents';
import { SESSION } from '@incontra/contracts/constants';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
let f: DocumentsFixture;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { notFoundPerMinute: 10_000 } });
  f = await DocumentsFixture.create(t);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /api/documents/{id}/download', () => {
  it('serves the file of a signed link without cookies, as an attachment with its Italian name', async () => {
    const document = await f.uploaded([file('Perché è così.pdf', pdf(), PDF_TYPE)]);
    const response = await f.anonymousGet(document.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PDF_TYPE);
    expect(response.headers['content-length']).toBe('6000');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Perch_ _ cos_.pdf"; filename*=UTF-8''Perch%C3%A9%20%C3%A8%20cos%C3%AC.pdf`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(pdf())).toBe(true);
  });

  it("serves the company's staff without a signature, and nobody else", async () => {
    const document = await f.uploaded([file('interno.pdf', pdf(), PDF_TYPE)]);
    const bare = `/api/documents/${document.id}/download`;
    expect((await f.demo.get(bare)).statusCode).toBe(200);
    expect((await f.anonymousGet(bare)).statusCode).toBe(401);
    expect((await f.acme.get(bare)).statusCode).toBe(404);
  });

  it("answers 404 for a signed link opened on another company's host", async () => {
    const document = await f.uploaded([file('demo.pdf', pdf(), PDF_TYPE)]);
    expect((await f.anonymousGet(document.url, 'acme.localhost')).statusCode).toBe(404);
  });

  it('refuses a tampered link with 403', async () => {
    const document = await f.uploaded([file('firmato.pdf', pdf(), PDF_TYPE)]);
    const url = new URL(document.url, 'http://demo.localhost');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    const tampered = await f.anonymousGet(url.pathname + url.search);
    expect(tampered.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_DOCUMENTS.linkInvalid });
    const other = await f.uploaded([file('altro.pdf', pdf(), PDF_TYPE)]);
    expect((await f.anonymousGet(document.url.replace(document.id, other.id))).statusCode).toBe(403);
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('removes the row and the stored file', async () => {
    const document = await f.uploaded([file('da-togliere.pdf', pdf(), PDF_TYPE)]);
    const filesBefore = await f.storedFiles();
    const response = await f.demo.request('DELETE', `/api/documents/${document.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const filesAfter = await f.storedFiles();
    expect(filesAfter).toHaveLength(filesBefore.length - 1);
    expect((await f.documentRows()).map((row) => row.id)).not.toContain(document.id);
    const listed = roomDocumentsSchema.parse((await f.demo.get(`/api/room/${f.demoRoom}/documents`)).json());
    expect(listed.map((item) => item.id)).not.toContain(document.id);
    expect((await f.anonymousGet(document.url)).statusCode).toBe(404);
    expect((await f.demo.request('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's document, 401 without a session, 403 without CSRF", async () => {
    const document = await f.uploaded([file('resta.pdf', pdf(), PDF_TYPE)]);
    expect((await f.acme.request('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.get('/api/me');
    expect((await anonymous.request('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(401);
    expect((await f.demo.request('DELETE', `/api/documents/${document.id}`, undefined, { [SESSION.csrfHeaderName]: '' })).statusCode).toBe(403);
    expect((await f.demo.get(`/api/documents/${document.id}/download`)).statusCode).toBe(200);
  });

  it('deletes the row even when its file is already gone', async () => {
    const document = await f.uploaded([file('orfano.pdf', pdf(), PDF_TYPE)]);
    const [row] = (await f.documentRows()).filter((item) => item.id === document.id);
    await rm(path.join(t.config.uploadsDir, row!.storageKey));
    expect((await f.demo.get(`/api/documents/${document.id}/download`)).statusCode).toBe(404);
    expect((await f.demo.request('DELETE', `/api/documents/${document.id}`)).json()).toEqual({ ok: true });
  });
});

// Last: it moves the clock past the links' lifetime.
describe('an expired link', () => {
  it('is refused with 403, while staff of the company still download with their session', async () => {
    const document = await f.uploaded([file('scade.pdf', pdf(), PDF_TYPE)]);
    t.clock.advance(12 * 3600 * 1000 + 1000);
    expect((await f.anonymousGet(document.url)).json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_DOCUMENTS.linkInvalid });
    const staff = await f.signedIn('demo.localhost');
    expect((await staff.get(document.url)).statusCode).toBe(200);
  });
});
