import { randomUUID } from 'node:crypto';
import { SESSION } from '@incontra/contracts/constants';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { PERMISSIONS } from '@incontra/contracts/permissions';
import { ANY_STAFF, ROUTE_PERMISSIONS, roleMay } from '../src/auth/route-permissions';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The whole route × role table, called for real: every staff route as signed out, as operator and
 * as admin. The bodies are empty and the ids unknown on purpose: a refused caller must be refused
 * before the body or the id is looked at, an allowed one then meets the usual 400 or 404.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const PARAMS: Record<string, string> = { id: randomUUID(), participantId: 'someone', lang: 'it', key: 'title', date: '2030-12-25' };
const ROUTES = Object.entries(ROUTE_PERMISSIONS).map(([line, access]) => {
  const [method = '', url = ''] = line.split(' ');
  return { line, method: method as Method, url, access, path: url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x') };
});

let t: TestApp;
const callers: Record<'anonymous' | 'operator' | 'admin', TestClient> = {} as never;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  callers.anonymous = new TestClient(t.app, 'demo.localhost');
  await callers.anonymous.get('/api/me');
  callers.operator = new TestClient(t.app, 'demo.localhost');
  expect((await callers.operator.login('operatore')).statusCode).toBe(200);
  callers.admin = new TestClient(t.app, 'demo.localhost');
  expect((await callers.admin.login('admin')).statusCode).toBe(200);
}, START_TIMEOUT_MS);
afterAll(() => t.close());

function call(who: keyof typeof callers, route: (typeof ROUTES)[number]) {
  // The CSRF header on every call, as the apps send it with a write: a GET that changes state
  // (the point of sale's cancel) is held to it too, after the sign-in's and the role's checks.
  const { csrf } = callers[who];
  const headers: Record<string, string> = csrf ? { [SESSION.csrfHeaderName]: csrf } : {};
  return callers[who].request(route.method, route.path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {}, headers);
}

describe('ROUTE_PERMISSIONS', () => {
  it('names only routes the app serves, and only known permissions', () => {
    for (const route of ROUTES) {
      expect({ line: route.line, served: t.app.hasRoute({ method: route.method, url: route.url }) }).toEqual({ line: route.line, served: true });
      expect([ANY_STAFF, ...Object.keys(PERMISSIONS)]).toContain(route.access);
    }
  });

  it.each(ROUTES.map((route) => [route.line, route] as const))('%s: 401 signed out, the role decides for operator and admin', async (_line, route) => {
    const anonymous = await call('anonymous', route);
    expect(anonymous.statusCode).toBe(401);

    const operator = await call('operator', route);
    if (roleMay('operator', route.access)) {
      expect([401, 403]).not.toContain(operator.statusCode);
    } else {
      expect(operator.statusCode).toBe(403);
      expect(operator.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden });
    }

    const admin = await call('admin', route);
    expect([401, 403]).not.toContain(admin.statusCode);
  });
});
