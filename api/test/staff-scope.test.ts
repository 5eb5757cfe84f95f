import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { unauthorized } from '../src/auth/auth-service';
import type { Authenticated } from '../src/auth/authenticate';
import type { ActiveSession } from '../src/auth/session-service';
import { decorateStaffRequest, registerStaffRoutes } from '../src/auth/staff-scope';

/*
 * The staff scope on its own: a bare Fastify app, an authenticate that knows one header. The
 * product's routes inside it are covered by their own suites (same statuses and bodies as before).
 */

const anna = { company: { id: 'company-1' } as PublicCompany, session: { user: { id: 'user-anna' } } as ActiveSession } satisfies Authenticated;

let app: FastifyInstance;
let calls: number;
beforeEach(async () => {
  calls = 0;
  app = Fastify();
  decorateStaffRequest(app);
  const authenticate = async (request: FastifyRequest) => {
    calls += 1;
    if (request.headers['x-staff'] !== 'anna') throw unauthorized();
    return anna;
  };
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/inside', async (request) => ({
      user: request.staff.session.user.id,
      company: request.staff.company.id,
      again: request.staff === request.staff,
    }));
  });
  app.get('/outside', async (request) => ({ user: request.staff.session.user.id }));
  app.get('/public', async () => ({ ok: true }));
  await app.ready();
});
afterEach(() => app.close());

describe('registerStaffRoutes', () => {
  it('puts the signed-in staff member on the request, authenticated once', async () => {
    const response = await app.inject({ method: 'GET', url: '/inside', headers: { 'x-staff': 'anna' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: 'user-anna', company: 'company-1', again: true });
    expect(calls).toBe(1);
  });

  it("answers authenticate's 401 before the handler runs", async () => {
    const response = await app.inject({ method: 'GET', url: '/inside' });
    expect(response.statusCode).toBe(401);
    expect(calls).toBe(1);
  });

  it('does not authenticate the routes outside the scope', async () => {
    expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ ok: true });
    expect(calls).toBe(0);
  });

  it('refuses to hand out request.staff outside the scope, by name', async () => {
    const response = await app.inject({ method: 'GET', url: '/outside', headers: { 'x-staff': 'anna' } });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/request\.staff.*outside.*staff scope/);
    expect(calls).toBe(0);
  });
});
