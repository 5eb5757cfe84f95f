import { HOSTILE_PATH_SEGMENTS } from './hostile-values';
import type { ProbeRequest } from './probe-request';
import { fillPath, type RouteSpec } from './route-catalog';

const withQuery = (path: string, query: Record<string, string> | undefined) => {
  const search = new URLSearchParams(query ?? {}).toString();
  return search ? `${path}?${search}` : path;
};

export function validUrl(route: RouteSpec): string {
  return withQuery(fillPath(route.template, route.params), route.query);
}

/** Each id of the path replaced by each hostile segment (an id of another tenant is the isolation probe's). */
export function paramVariants(route: RouteSpec, request: (shape: string, url: string) => ProbeRequest): ProbeRequest[] {
  return Object.keys(route.params).flatMap((name) =>
    // The README's contract: a malformed id the route sees is a 400 naming it.
    HOSTILE_PATH_SEGMENTS.map((hostile) => ({
      ...request(`:${name}: ${hostile.label}`, withQuery(fillPath(route.template, { ...route.params, [name]: String(hostile.value) }), route.query)),
      expectsField: hostile.undecodable !== true,
    })),
  );
}

/**
 * The same route spelled differently: what a router decodes or normalises and a guard reading
 * the raw URL might not (issue #9, item 1).
 */
export function spellingVariants(route: RouteSpec, request: (shape: string, url: string) => ProbeRequest): ProbeRequest[] {
  const url = validUrl(route);
  const [path = url, search] = url.split('?');
  const query = search ? `?${search}` : '';
  const join = (spelled: string, extraQuery = '') => `${spelled}${query}${extraQuery ? `${query ? '&' : '?'}${extraQuery}` : ''}`;
  const rest = path.replace(/^\/api\//, '');
  const api = path.startsWith('/api/');
  const spellings: [string, string][] = [
    ['doubled leading slash', join(`/${path}`)],
    ['trailing slash', join(`${path}/`)],
    ['semicolon parameter', join(`${path};jsessionid=x`)],
    ['encoded NUL at the end', join(`${path}%00`)],
    ['query with NUL, arrays and __proto__', join(path, 'a=%00&a=1&__proto__[isAdmin]=1&constructor[prototype][x]=1')],
    ['long query (8,000)', join(path, `q=${'a'.repeat(8000)}`)],
    ['upper-case path', join(path.toUpperCase())],
  ];
  if (api) {
    spellings.push(
      ['percent-encoded /api prefix', join(`/%61pi/${rest}`)],
      ['fully encoded /api prefix', join(`/%61%70%69/${rest}`)],
      ['encoded slash after /api', join(`/api%2F${rest}`)],
      ['doubled slash after /api', join(`/api//${rest}`)],
      ['dot segment', join(`/api/./${rest}`)],
      ['dot-dot segment', join(`/api/x/../${rest}`)],
      ['encoded dot-dot segment', join(`/api/x/%2e%2e/${rest}`)],
      ['backslash after /api', join(`/api\\${rest}`)],
    );
  }
  return spellings.map(([shape, spelled]) => request(`target: ${shape}`, spelled));
}

/** Methods the route does not declare. */
export function methodVariants(route: RouteSpec, request: (shape: string, url: string, method: string) => ProbeRequest): ProbeRequest[] {
  const url = validUrl(route);
  const others = ['PATCH', 'OPTIONS', route.method === 'GET' ? 'DELETE' : 'GET', route.method === 'GET' ? 'HEAD' : 'PUT'].filter(
    (method) => method !== route.method,
  );
  return others.map((method) => request(`method: ${method}`, url, method));
}

/** Headers a client chooses: Host, credentials, origin, cookies. */
export function headerVariants(
  request: (shape: string, headers: Record<string, string>, replaces?: ProbeRequest['replacesCallerHeader']) => ProbeRequest,
): ProbeRequest[] {
  return [
    request('header: Host with another port', { host: 'demo.localhost:31337' }, 'host'),
    request('header: Host in upper case', { host: 'DEMO.LOCALHOST' }, 'host'),
    request('header: unknown Host', { host: 'sconosciuta.localhost' }, 'host'),
    request('header: Host IPv6 literal', { host: '[::1]:3000' }, 'host'),
    request('header: Host 300 characters', { host: `${'a'.repeat(290)}.localhost` }, 'host'),
    request('header: Host with a path', { host: 'demo.localhost/../acme' }, 'host'),
    request('header: Authorization Bearer empty', { authorization: 'Bearer ' }, 'authorization'),
    request('header: Authorization Bearer 10,000 characters', { authorization: `Bearer ${'a'.repeat(10_000)}` }, 'authorization'),
    request('header: Authorization Bearer JWT-shaped', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.' }, 'authorization'),
    request('header: Authorization Basic', { authorization: 'Basic YWRtaW46SW5jb250cmEyMDI2IQ==' }, 'authorization'),
    request('header: Authorization without scheme', { authorization: 'abc' }, 'authorization'),
    request('header: malformed cookie', { cookie: 'incontra_sid=%E0%A4%A; incontra_csrf="unterminated; =x; ;;' }, 'cookie'),
    request('header: 300 cookies', { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; ') }, 'cookie'),
    request('header: x-origin javascript URL', { 'x-origin': 'javascript:alert(1)' }),
    request('header: x-origin broken IPv6 URL', { 'x-origin': 'http://[::1' }),
    request('header: x-origin other tenant', { 'x-origin': 'https://acme.localhost' }),
    request('header: x-forwarded-host other tenant', { 'x-forwarded-host': 'acme.localhost', 'x-forwarded-proto': 'https' }),
    request('header: Origin null', { origin: 'null' }),
  ];
}
