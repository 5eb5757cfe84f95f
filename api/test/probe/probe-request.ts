/** One request the probe sends, before the caller adds its Host, cookies and credentials. */
export interface ProbeRequest {
  /** The route as catalogued ("POST /api/login"): the report groups by it. */
  route: string;
  /** What is wrong with this request, in words ("body.name: string with NUL"). */
  shape: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A JSON object reached a route that validates its body: a 400 must name the field. */
  expectsField: boolean;
  /** The caller's own header (`host`, `authorization`, `cookie`) is replaced by the request's. */
  replacesCallerHeader?: 'host' | 'authorization' | 'cookie';
}

export const JSON_TYPE = 'application/json';
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
