import { bodyVariants } from './body-variants';
import { multipartVariants } from './multipart-variants';
import { JSON_TYPE, type ProbeRequest } from './probe-request';
import { routeKey, type RouteSpec } from './route-catalog';
import { headerVariants, methodVariants, paramVariants, spellingVariants, validUrl } from './target-variants';

/** The valid request of a route: its body (JSON or a small PDF upload) and the headers describing it. */
function validContent(route: RouteSpec, uploadKind: 'document' | 'chat'): Pick<ProbeRequest, 'headers' | 'payload'> {
  if (route.multipart) {
    const [wellFormed] = multipartVariants(uploadKind);
    return { headers: wellFormed?.headers ?? {}, payload: wellFormed?.payload };
  }
  if (route.body) return { headers: { 'content-type': JSON_TYPE }, payload: JSON.stringify(route.body) };
  return { headers: {} };
}

/**
 * Every variant the probe sends to one route, the valid request last (so the hostile ones meet the
 * fixtures still alive: a request not yet rejected, a document not yet deleted).
 */
export function routeVariants(route: RouteSpec, uploadKind: 'document' | 'chat'): ProbeRequest[] {
  const key = routeKey(route);
  const url = validUrl(route);
  const content = validContent(route, uploadKind);
  const request = (shape: string, target: string, method: string = route.method): ProbeRequest => ({
    route: key,
    shape,
    method,
    url: target,
    ...content,
    headers: { ...content.headers },
    expectsField: false,
  });
  const bodies = route.multipart
    ? multipartVariants(uploadKind)
        .slice(1)
        .map((variant): ProbeRequest => ({
          route: key,
          shape: variant.shape,
          method: route.method,
          url,
          headers: variant.headers,
          payload: variant.payload,
          expectsField: false,
        }))
    : route.method === 'GET'
      ? []
      : bodyVariants({ route: key, method: route.method, url }, route.body);
  return [
    ...bodies,
    ...paramVariants(route, request),
    ...spellingVariants(route, request),
    ...methodVariants(route, request),
    ...headerVariants((shape, headers, replaces) => ({ ...request(shape, url), headers: { ...content.headers, ...headers }, replacesCallerHeader: replaces })),
    request('valid request', url),
  ];
}
