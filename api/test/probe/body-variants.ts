import { gzipSync } from 'node:zlib';
import { HOSTILE_VALUES } from './hostile-values';
import { JSON_TYPE, type ProbeRequest } from './probe-request';

type Base = Pick<ProbeRequest, 'route' | 'method' | 'url'>;

const json = (
  base: Base,
  shape: string,
  payload: string | Buffer,
  expectsField: boolean,
  contentType: string | null = JSON_TYPE,
  extra: Record<string, string> = {},
): ProbeRequest => ({
  ...base,
  shape,
  payload,
  expectsField,
  headers: { ...(contentType === null ? {} : { 'content-type': contentType }), ...extra },
});

/** Each field of a valid body replaced by each hostile value, then left out. */
function fieldVariants(base: Base, body: Record<string, unknown>): ProbeRequest[] {
  const variants: ProbeRequest[] = [];
  for (const field of Object.keys(body)) {
    for (const hostile of HOSTILE_VALUES) {
      variants.push(json(base, `body.${field}: ${hostile.label}`, JSON.stringify({ ...body, [field]: hostile.value }), true));
    }
    const { [field]: _left, ...without } = body;
    variants.push(json(base, `body.${field}: missing`, JSON.stringify(without), true));
  }
  return variants;
}

const DEPTH = 5000;

/** Bodies that are not the object the route wants, or not JSON at all. */
function structuralVariants(base: Base, body: Record<string, unknown> | undefined, validates: boolean): ProbeRequest[] {
  const valid = JSON.stringify(body ?? {});
  const firstField = Object.keys(body ?? {})[0] ?? 'name';
  return [
    json(base, 'body: empty object', '{}', validates),
    json(base, 'body: extra fields', JSON.stringify({ ...body, extra: 'x', isAdmin: true, companyId: '00000000-0000-0000-0000-000000000000' }), validates),
    json(base, 'body: duplicate key, second hostile', `${valid.slice(0, -1)}${valid.length > 2 ? ',' : ''}"${firstField}":"a\\u0000b"}`, validates),
    json(base, 'body: array', JSON.stringify([body ?? {}]), false),
    json(base, 'body: JSON string', '"testo"', false),
    json(base, 'body: JSON number', '42', false),
    json(base, 'body: JSON null', 'null', false),
    json(base, 'body: JSON true', 'true', false),
    json(base, 'body: truncated JSON', valid.slice(0, Math.max(1, valid.length - 3)), false),
    json(base, 'body: invalid JSON', '{"name": }', false),
    json(base, 'body: trailing garbage', `${valid}xyz`, false),
    json(base, 'body: BOM before JSON', `\ufeff${valid}`, false),
    json(base, 'body: raw NUL byte in a string', `{"${firstField}":"a\u0000b"}`, false),
    json(base, 'body: invalid UTF-8', Buffer.concat([Buffer.from(`{"${firstField}":"a`), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('b"}')]), false),
    json(base, 'body: __proto__ key', '{"__proto__":{"isAdmin":true}}', false),
    json(base, 'body: constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}', false),
    json(base, `body: nested ${DEPTH} deep`, `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, false),
    json(base, 'body: empty with JSON type', '', false),
    json(base, 'body: over 1 MiB', JSON.stringify({ ...body, [firstField]: 'a'.repeat(1_100_000) }), false),
  ];
}

/** The valid body under content types and encodings the route does not take. */
function encodingVariants(base: Base, body: Record<string, unknown> | undefined): ProbeRequest[] {
  const valid = JSON.stringify(body ?? {});
  return [
    json(base, 'content-type: missing', valid, false, null),
    json(base, 'content-type: text/plain', valid, false, 'text/plain'),
    json(base, 'content-type: form-urlencoded', 'name=Lucia&room=x', false, 'application/x-www-form-urlencoded'),
    json(base, 'content-type: JSON in UTF-16', valid, false, 'application/json; charset=utf-16'),
    json(base, 'content-type: JSON in Latin-1', Buffer.from(valid, 'latin1'), false, 'application/json; charset=iso-8859-1'),
    json(base, 'content-type: upper case JSON', valid, false, 'APPLICATION/JSON'),
    json(base, 'content-type: garbage', valid, false, ';;;=/'),
    json(
      base,
      'content-type: multipart on a JSON route',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      false,
      'multipart/form-data; boundary=x',
    ),
    json(base, 'content-encoding: gzip (compressed)', gzipSync(Buffer.from(valid)), false, JSON_TYPE, { 'content-encoding': 'gzip' }),
    json(base, 'content-encoding: gzip (not compressed)', valid, false, JSON_TYPE, { 'content-encoding': 'gzip' }),
    json(base, 'content-encoding: br', valid, false, JSON_TYPE, { 'content-encoding': 'br' }),
  ];
}

/**
 * Every malformed body for a route taking `body` (a valid one; undefined when the route reads
 * none, whose handler must still survive whatever is sent).
 */
export function bodyVariants(base: Base, body: Record<string, unknown> | undefined): ProbeRequest[] {
  const validates = body !== undefined;
  return [...(body ? fieldVariants(base, body) : []), ...structuralVariants(base, body, validates), ...encodingVariants(base, body)];
}
