import { gzipSync } from 'node:zlib';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { DocumentsFixture, file, PDF_TYPE, pdf } from './helpers/documents-fixture';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { multipartBody, type FormPart, type MultipartBody } from './helpers/multipart-body';
import { bareUpload, guestIn } from './helpers/room-guest';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * Bodies that are not a well-formed multipart form: each is refused with a 400 (or a 415 for an
 * encoding or a content type the route does not take) and an Italian reason, never a 500, and
 * nothing is stored, neither a file under the uploads folder nor a row.
 */

let t: LobbyTestApp;
let f: DocumentsFixture;
let anna: TestClient;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 10_000 }, env: { UPLOAD_RATE_LIMIT_PER_MINUTE: '100000' } });
  f = await DocumentsFixture.create(t);
  anna = await t.staff('admin');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

type RawBody = MultipartBody;

const BOUNDARY = 'incontra-malformed-boundary';
const formData = (boundary = BOUNDARY) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const chatFile: FormPart[] = [{ name: 'kind', value: 'chat' }, file('ricevuta.pdf', pdf(8000), PDF_TYPE)];
const filePart = (boundary: string, disposition = 'form-data; name="file"; filename="a.pdf"') =>
  `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nabc\r\n`;

const invalidForm = { statusCode: 400, error: 'Bad Request', message: IT_DOCUMENTS.formInvalid, field: 'file' };
const noFile = { statusCode: 400, error: 'Bad Request', message: IT_DOCUMENTS.fileRequired, field: 'file' };

/** Each malformed shape: how to build it from a valid body, and the answer it must get. */
const SHAPES: [string, (valid: RawBody) => RawBody, Record<string, unknown>][] = [
  ['data cut in the middle of the file', (valid) => ({ ...valid, payload: valid.payload.subarray(0, valid.payload.length - 3000) }), invalidForm],
  ['data cut inside the part headers', (valid) => ({ ...valid, payload: valid.payload.subarray(0, 150) }), invalidForm],
  ['no boundary in the content type', (valid) => ({ ...valid, headers: { 'content-type': 'multipart/form-data' } }), invalidForm],
  [
    'a boundary of 300 characters',
    () => ({ payload: Buffer.from(`${filePart('b'.repeat(300))}--${'b'.repeat(300)}--\r\n`), headers: formData('b'.repeat(300)) }),
    invalidForm,
  ],
  ['a boundary the body does not use', (valid) => ({ ...valid, headers: formData('not-the-one-in-the-body') }), invalidForm],
  [
    'a malformed part header',
    () => ({ payload: Buffer.from(`--${BOUNDARY}\r\nGarbage without a colon\r\n\r\n%PDF\r\n--${BOUNDARY}--\r\n`), headers: formData() }),
    noFile,
  ],
  ['an empty body', () => ({ payload: Buffer.alloc(0), headers: formData() }), noFile],
  ['a boundary but no parts', () => ({ payload: Buffer.from(`--${BOUNDARY}--\r\n`), headers: formData() }), noFile],
  [
    'a file part without a name',
    () => ({ payload: Buffer.from(`${filePart(BOUNDARY, 'form-data; filename="a.pdf"')}--${BOUNDARY}--\r\n`), headers: formData() }),
    noFile,
  ],
  ['two files', () => multipartBody([...chatFile, file('b.pdf', pdf(), PDF_TYPE)]), { statusCode: 400, message: IT_DOCUMENTS.oneFileOnly, field: 'file' }],
  [
    'a gzip-compressed body',
    (valid) => ({ payload: gzipSync(valid.payload), headers: { ...valid.headers, 'content-encoding': 'gzip' } }),
    { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.encodingNotSupported },
  ],
  [
    'a body declared brotli-compressed',
    (valid) => ({ ...valid, headers: { ...valid.headers, 'content-encoding': 'br' } }),
    { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.encodingNotSupported },
  ],
  [
    'multipart/mixed instead of form-data',
    (valid) => ({ ...valid, headers: { 'content-type': valid.headers['content-type']!.replace('form-data', 'mixed') } }),
    { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.formRequired },
  ],
  [
    'an octet stream',
    () => ({ payload: pdf(), headers: { 'content-type': 'application/octet-stream' } }),
    { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.formRequired },
  ],
];

describe('POST /api/room/{id}/documents with a malformed body', () => {
  it('stores a well-formed chat file, the baseline every shape below is made from', async () => {
    const valid = multipartBody(chatFile);
    const response = await anna.post(`/api/room/${f.demoRoom}/documents`, valid.payload, valid.headers);
    expect(response.statusCode).toBe(201);
  });

  it.each(SHAPES)('answers %s from staff without a 500, storing nothing', async (_name, shape, expected) => {
    const body = shape(multipartBody(chatFile));
    const reported = t.reporter.captured.length;
    await f.expectNothingStored(async () => {
      const response = await anna.post(`/api/room/${f.demoRoom}/documents`, body.payload, body.headers);
      expect(response.json()).toMatchObject(expected);
      expect(response.statusCode).toBe(expected.statusCode);
    });
    expect(t.reporter.captured.slice(reported)).toEqual([]);
  });

  it.each(SHAPES)('answers %s from a guest with an upload token the same way', async (_name, shape, expected) => {
    const guest = await guestIn(t, anna);
    const body = shape(multipartBody(chatFile));
    const reported = t.reporter.captured.length;
    await f.expectNothingStored(async () => {
      const response = await bareUpload(f, guest.room.id, guest.uploadToken, body);
      expect(response.json()).toMatchObject(expected);
      expect(response.statusCode).toBe(expected.statusCode);
    });
    expect(t.reporter.captured.slice(reported)).toEqual([]);
  });
});
