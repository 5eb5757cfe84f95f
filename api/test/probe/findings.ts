import type { Caller } from './callers';
import { UNSAFE_METHODS, type ProbeRequest } from './probe-request';

export type Problem =
  | 'answered 5xx'
  | 'connection closed without an answer'
  | '4xx without the JSON error body'
  | '400 without field'
  | 'unsafe call succeeded without the CSRF token'
  | 'staff session lost to calls without the CSRF token'
  | 'stored file without a document row';

/** An answer, whether from `app.inject` or a real socket. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Finding {
  problem: Problem;
  route: string;
  shape: string;
  caller: string;
  status: number;
  message?: string;
}

function errorBodyOf(response: Answer): { statusCode?: unknown; error?: unknown; message?: unknown; field?: unknown } | null {
  try {
    const body: unknown = JSON.parse(response.body);
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

/** The shell answers pages, not JSON: a GET outside /api may be its HTML (company not found). */
function mayAnswerHtml(request: ProbeRequest, response: Answer): boolean {
  const html = String(response.headers['content-type'] ?? '').startsWith('text/html');
  return html && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

/** What is wrong with one answer, by the rules the probe holds every route to. */
export function inspect(request: ProbeRequest, caller: Caller, response: Answer): Finding[] {
  const status = response.statusCode;
  const body = errorBodyOf(response);
  const finding = (problem: Problem): Finding => ({
    problem,
    route: request.route,
    shape: request.shape,
    caller: caller.name,
    status,
    message: typeof body?.message === 'string' ? body.message.slice(0, 120) : response.body.slice(0, 120),
  });
  const found: Finding[] = [];
  if (status === 0) found.push(finding('connection closed without an answer'));
  if (status >= 500) found.push(finding('answered 5xx'));
  if (status >= 400 && status < 500 && request.method !== 'HEAD' && !mayAnswerHtml(request, response)) {
    const wellFormed =
      body !== null &&
      body.statusCode === status &&
      typeof body.error === 'string' &&
      body.error !== '' &&
      typeof body.message === 'string' &&
      body.message !== '';
    if (!wellFormed) found.push(finding('4xx without the JSON error body'));
    else if (status === 400 && request.expectsField && typeof body.field !== 'string') found.push(finding('400 without field'));
  }
  // A page of another site cannot add an Authorization header (CORS): such a call is no forgery.
  const forgeable = request.headers.authorization === undefined;
  if (caller.withoutCsrf && forgeable && UNSAFE_METHODS.has(request.method) && status < 400)
    found.push(finding('unsafe call succeeded without the CSRF token'));
  return found;
}

const SHAPES_SHOWN = 8;

/**
 * One line per problem, status and route, naming the input shapes (and who sent them) that got
 * it: a short list to check a fix against, however many requests failed the same way.
 */
export function summarise(findings: readonly Finding[]): string[] {
  const groups = new Map<string, { shapes: Map<string, Set<string>>; count: number; message?: string }>();
  for (const finding of findings) {
    const key = `${finding.problem} · ${finding.status} · ${finding.route}`;
    const group = groups.get(key) ?? { shapes: new Map<string, Set<string>>(), count: 0, message: finding.message };
    group.shapes.set(finding.shape, (group.shapes.get(finding.shape) ?? new Set<string>()).add(finding.caller));
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const shapes = [...group.shapes].map(([shape, callers]) => `${shape} [${[...callers].join(', ')}]`);
      const shown = shapes.length > SHAPES_SHOWN ? [...shapes.slice(0, SHAPES_SHOWN), `${shapes.length - SHAPES_SHOWN} more shapes`] : shapes;
      const example = group.message ? ` · e.g. “${group.message.replace(/\s+/g, ' ').slice(0, 80)}”` : '';
      return `${key} · ${group.count} requests: ${shown.join('; ')}${example}`;
    });
}
