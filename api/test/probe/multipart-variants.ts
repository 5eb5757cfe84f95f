import { gzipSync } from 'node:zlib';
import { pdf } from '../helpers/documents-fixture';
import { HOSTILE_STRINGS } from './hostile-values';

/** A multipart body as sent, with the headers that describe it. */
export interface MultipartVariant {
  shape: string;
  payload: Buffer;
  headers: Record<string, string>;
}

const BOUNDARY = '----incontra-probe-7d3f1a';
const CRLF = '\r\n';

interface Part {
  headers: string[];
  content: Buffer | string;
}

const field = (name: string, value: string): Part => ({ headers: [`Content-Disposition: form-data; name="${name}"`], content: value });
const filePart = (filename: string, content: Buffer | string = pdf(600), contentType = 'application/pdf', name = 'file'): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${contentType}`],
  content,
});

function encode(parts: Part[], boundary = BOUNDARY, closing = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`), Buffer.from(part.content), Buffer.from(CRLF));
  }
  if (closing) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const typed = (boundary = BOUNDARY) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });

/**
 * Upload bodies a parser must refuse with a 4xx (issue #9, item 7), then hostile names and kinds
 * in otherwise well-formed ones. `kind` is what the caller may send (`chat` for a guest).
 */
export function multipartVariants(kind: 'document' | 'chat'): MultipartVariant[] {
  const good = [field('kind', kind), filePart('listino.pdf')];
  const whole = encode(good);
  const long = 'b'.repeat(300);
  const variants: MultipartVariant[] = [
    { shape: 'multipart: well-formed', payload: whole, headers: typed() },
    { shape: 'multipart: truncated in the file', payload: whole.subarray(0, Math.floor(whole.length / 2)), headers: typed() },
    { shape: 'multipart: truncated in the part headers', payload: whole.subarray(0, 60), headers: typed() },
    { shape: 'multipart: no closing delimiter', payload: encode(good, BOUNDARY, false), headers: typed() },
    { shape: 'multipart: boundary missing from the type', payload: whole, headers: { 'content-type': 'multipart/form-data' } },
    { shape: 'multipart: empty boundary', payload: whole, headers: { 'content-type': 'multipart/form-data; boundary=' } },
    { shape: 'multipart: boundary over 256 characters', payload: encode(good, long), headers: typed(long) },
    { shape: 'multipart: boundary not in the body', payload: whole, headers: typed('another-boundary') },
    { shape: 'multipart: quoted boundary with spaces', payload: encode(good, 'a b c'), headers: { 'content-type': 'multipart/form-data; boundary="a b c"' } },
    { shape: 'multipart: content-encoding gzip (compressed)', payload: gzipSync(whole), headers: { ...typed(), 'content-encoding': 'gzip' } },
    { shape: 'multipart: content-encoding gzip (not compressed)', payload: whole, headers: { ...typed(), 'content-encoding': 'gzip' } },
    { shape: 'multipart: empty body', payload: Buffer.alloc(0), headers: typed() },
    { shape: 'multipart: no parts', payload: Buffer.from(`--${BOUNDARY}--${CRLF}`), headers: typed() },
    {
      shape: 'multipart: part without a name',
      payload: encode([{ headers: ['Content-Disposition: form-data; filename="a.pdf"', 'Content-Type: application/pdf'], content: pdf(600) }]),
      headers: typed(),
    },
    {
      shape: 'multipart: part without Content-Disposition',
      payload: encode([{ headers: ['Content-Type: application/pdf'], content: pdf(600) }]),
      headers: typed(),
    },
    { shape: 'multipart: two files', payload: encode([...good, filePart('secondo.pdf')]), headers: typed() },
    {
      shape: 'multipart: file under another field name',
      payload: encode([field('kind', kind), filePart('a.pdf', pdf(600), 'application/pdf', 'documento')]),
      headers: typed(),
    },
    { shape: 'multipart: file as a plain field', payload: encode([field('kind', kind), field('file', '%PDF-1.7 finto')]), headers: typed() },
    { shape: 'multipart: kind twice', payload: encode([field('kind', kind), field('kind', 'document'), filePart('a.pdf')]), headers: typed() },
    { shape: 'multipart: kind after the file', payload: encode([filePart('a.pdf'), field('kind', kind)]), headers: typed() },
    { shape: 'multipart: 20 fields', payload: encode([...Array.from({ length: 20 }, (_, i) => field(`f${i}`, 'x')), filePart('a.pdf')]), headers: typed() },
    { shape: 'multipart: field over 1 KiB', payload: encode([field('kind', 'c'.repeat(5000)), filePart('a.pdf')]), headers: typed() },
    {
      shape: 'multipart: 60 part headers',
      payload: encode([{ headers: [...filePart('a.pdf').headers, ...Array.from({ length: 60 }, (_, i) => `X-H${i}: v`)], content: pdf(600) }]),
      headers: typed(),
    },
    { shape: 'multipart: LF line endings', payload: Buffer.from(whole.toString('latin1').replaceAll(CRLF, '\n'), 'latin1'), headers: typed() },
    { shape: 'multipart: preamble and epilogue', payload: Buffer.concat([Buffer.from(`preambolo${CRLF}`), whole, Buffer.from('epilogo')]), headers: typed() },
    {
      shape: 'multipart: NUL in the part headers',
      payload: encode([
        { headers: ['Content-Disposition: form-data; name="fi\u0000le"; filename="a\u0000.pdf"', 'Content-Type: application/pdf'], content: pdf(600) },
      ]),
      headers: typed(),
    },
    {
      shape: 'multipart: filename* (RFC 5987)',
      payload: encode([{ headers: ['Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E2%80%AEfdp.exe'], content: pdf(600) }]),
      headers: typed(),
    },
    { shape: 'multipart: empty file name', payload: encode([field('kind', kind), filePart('')]), headers: typed() },
    { shape: 'multipart: empty file', payload: encode([field('kind', kind), filePart('vuoto.pdf', Buffer.alloc(0))]), headers: typed() },
    { shape: 'multipart: part type text/html', payload: encode([field('kind', kind), filePart('a.pdf', pdf(600), 'text/html')]), headers: typed() },
    {
      shape: 'multipart: part type 2,000 characters',
      payload: encode([field('kind', kind), filePart('a.pdf', pdf(600), `application/${'x'.repeat(2000)}`)]),
      headers: typed(),
    },
    { shape: 'multipart: multipart/mixed', payload: whole, headers: { 'content-type': `multipart/mixed; boundary=${BOUNDARY}` } },
    { shape: 'multipart: body sent as JSON', payload: whole, headers: { 'content-type': 'application/json' } },
    { shape: 'multipart: body sent as text/plain', payload: whole, headers: { 'content-type': 'text/plain' } },
    { shape: 'multipart: body without a content type', payload: whole, headers: {} },
  ];
  for (const hostile of HOSTILE_STRINGS) {
    if (typeof hostile.value !== 'string' || hostile.value.length > 20_000) continue;
    variants.push(
      { shape: `multipart: file name ${hostile.label}`, payload: encode([field('kind', kind), filePart(`${hostile.value}.pdf`)]), headers: typed() },
      { shape: `multipart: kind ${hostile.label}`, payload: encode([field('kind', hostile.value), filePart('a.pdf')]), headers: typed() },
    );
  }
  return variants;
}
