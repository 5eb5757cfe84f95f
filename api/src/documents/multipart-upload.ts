import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { documentKindSchema, UPLOAD_MAX_BYTES, type DocumentKind } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { HttpError } from '../http/http-error';
import type { UploadStore } from '../uploads/upload-store';
import { contentMatches, sanitizeFileName, SNIFF_BYTES, uploadTypeOf } from './file-checks';
import type { ReceivedUpload, UploadSource } from './upload-source';

/**
 * The multipart parser's limits. The file limit is one byte over the largest accepted file, so
 * that a file over it is seen to be (a file of exactly the limit is not cut).
 */
export const MULTIPART_LIMITS = {
  files: 1,
  fileSize: UPLOAD_MAX_BYTES + 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 8,
  headerPairs: 50,
};

const fileRequired = () => new HttpError(400, IT_DOCUMENTS.fileRequired, 'file');
const tooLarge = () => new HttpError(413, IT_DOCUMENTS.tooLarge(UPLOAD_MAX_BYTES / (1024 * 1024)), 'file');
const typeNotAllowed = () => new HttpError(415, IT_DOCUMENTS.typeNotAllowed, 'file');

/** POST /api/room/{id}/documents: field `file`, optional field `kind`, in any order. */
export function multipartUpload(request: FastifyRequest): UploadSource {
  return { receive: (store) => receive(request, store) };
}

async function receive(request: FastifyRequest, store: UploadStore): Promise<ReceivedUpload> {
  refuseContentEncoding(request);
  if (!request.isMultipart()) throw fileRequired();
  let stored: Omit<ReceivedUpload, 'kind'> | null = null;
  let kind: unknown;
  try {
    for await (const part of parsed(request.parts())) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') kind = part.value;
      } else if (part.fieldname === 'file') {
        stored = await storeFile(part, store);
      } else {
        part.file.resume();
      }
    }
    if (!stored) throw fileRequired();
    return { ...stored, kind: parseKind(kind) };
  } catch (error) {
    // Checks that fail after the file was stored (a second file, a bad kind) leave nothing behind.
    if (stored) await store.remove(stored.key);
    throw error;
  }
}

/**
 * The body is read as sent: a compressed one (`Content-Encoding: gzip`, …) would reach the
 * parser as bytes that are no form at all, so it is refused before anything is read.
 */
function refuseContentEncoding(request: FastifyRequest): void {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new HttpError(415, IT_DOCUMENTS.encodingNotSupported);
}

function parseKind(value: unknown): DocumentKind {
  if (value === undefined || value === '') return 'document';
  const kind = documentKindSchema.safeParse(value);
  if (!kind.success) throw new HttpError(400, IT_DOCUMENTS.kindInvalid, 'kind');
  return kind.data;
}

async function storeFile(part: MultipartFile, store: UploadStore): Promise<Omit<ReceivedUpload, 'kind'>> {
  const name = sanitizeFileName(part.filename);
  // A form submitted without choosing a file sends a part with an empty name.
  if (name === '') {
    part.file.resume();
    throw fileRequired();
  }
  const mimeType = uploadTypeOf(name, part.mimetype);
  if (!mimeType) {
    part.file.resume();
    throw typeNotAllowed();
  }
  const counter = { size: 0 };
  const key = await store.put(Readable.from(checkedContent(part.file, mimeType, counter)));
  return { key, name, mimeType, size: counter.size };
}

/**
 * Passes the file through while counting it: nothing reaches the store before the first
 * SNIFF_BYTES have been checked against the type, and the stream fails (so the store discards
 * what it wrote) as soon as the file is over the limit.
 */
async function* checkedContent(file: AsyncIterable<Buffer>, mimeType: string, counter: { size: number }) {
  let head: Buffer[] | null = [];
  for await (const chunk of parsed(file)) {
    counter.size += chunk.length;
    if (counter.size > UPLOAD_MAX_BYTES) throw tooLarge();
    if (head === null) {
      yield chunk;
    } else {
      head.push(chunk);
      if (counter.size >= SNIFF_BYTES) {
        yield checkedHead(head, mimeType);
        head = null;
      }
    }
  }
  if (counter.size === 0) throw new HttpError(400, IT_DOCUMENTS.fileEmpty, 'file');
  if (head !== null) yield checkedHead(head, mimeType);
}

function checkedHead(chunks: Buffer[], mimeType: string): Buffer {
  const head = Buffer.concat(chunks);
  if (!contentMatches(mimeType, head)) throw typeNotAllowed();
  return head;
}

/**
 * What the parser hands over (the form's parts, a file's bytes), with whatever it fails with
 * turned into the client error it is. Errors of the consumer's own work between items (storing,
 * checking) are not the parser's and pass through unchanged.
 */
async function* parsed<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const items = source[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      let next: IteratorResult<T>;
      try {
        next = await items.next();
      } catch (error) {
        throw parserError(error);
      }
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Left early (a refused file): let the parser stop, as a plain for-await would.
    if (!done) await items.return?.();
  }
}

/**
 * What the multipart parser fails with, as the client error it is. Its limits keep their own
 * Italian texts; anything else it throws (busboy's plain errors: "Unexpected end of form",
 * "Boundary not found", a boundary over 256 characters, a part cut short) means the body is not a
 * readable form, which is the client's error, never a 500. Only errors of the parser pass here:
 * the store's own failures (a full disk) stay server errors.
 */
function parserError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(400, IT_DOCUMENTS.oneFileOnly, 'file');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, IT.errors.invalidBody);
    default:
      return new HttpError(400, IT_DOCUMENTS.formInvalid, 'file');
  }
}
