import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { unauthorized } from '../src/auth/auth-service';
import type { StaffContext } from '../src/auth/authenticate';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { ANY_STAFF } from '../src/auth/route-permissions';
import { decorateStaffRequest, registerStaffRoutes } from '../src/auth/staff-scope';
import { installZodCompilers } from '../src/http/zod-type-provider';

/*
 * The staff scope on its own: a bare Fastify app, an authenticate that knows one header. The
 * product's routes inside it are covered by their own suites (same statuses and bodies as before).
 */

const anna = { company: { id: 'company-1' } as PublicCompany, user: { id: 'user-anna', role: 'admin' } } as StaffContext;
const otto = { company: { id: 'company-1' } as PublicCompany, user: { id: 'user-otto', role: 'operator' } } as StaffContext;
const table = { 'GET /inside': ANY_STAFF, 'POST /inside/:id': 'manageUsers' } as const;

let app: FastifyInstance;
let calls: number;
beforeEach(async () => {
  calls = 0;
  app = Fastify();
  installZodCompilers(app);
  decorateStaffRequest(app);
  const authenticate = async (request: FastifyRequest) => {
    calls += 1;
    if (request.headers['x-staff'] === 'otto') return otto;
    if (request.headers['x-staff'] !== 'anna') throw unauthorized();
    return anna;
  };
  await registerStaffRoutes(
    app,
    authenticate,
    async (staff) => {
      staff.get('/inside', async (request) => ({
        user: request.staff.user.id,
        company: request.staff.company.id,
        again: request.staff === request.staff,
      }));
      staff.post('/inside/:id', { schema: { params: z.object({ id: z.uuid() }), body: z.object({ name: z.string() }) } }, async (request) => ({
        name: request.body.name,
        user: request.staff.user.id,
      }));
    },
    table,
  );
  app.get('/outside', async (request) => ({ user: request.staff.user.id }));
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

  // The route schemas run after the scope's hook: a signed-out caller learns nothing of the rules.
  it('answers 401 before looking at the params or the body, then 400 to the signed-in caller', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/inside/nope', payload: { name: 3 } });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await app.inject({ method: 'POST', url: '/inside/nope', payload: { name: 3 }, headers: { 'x-staff': 'anna' } });
    expect(signedIn.statusCode).toBe(400);
    const good = await app.inject({
      method: 'POST',
      url: '/inside/0b6f2c1e-8d4a-4c3b-9a1f-2e5d7c9b0a13',
      payload: { name: 'x' },
      headers: { 'x-staff': 'anna' },
    });
    expect(good.json()).toEqual({ name: 'x', user: 'user-anna' });
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

  it("answers 403 with the reason to a role the route's line does not name, before looking at the body", async () => {
    const refused = await app.inject({ method: 'POST', url: '/inside/nope', payload: { name: 3 }, headers: { 'x-staff': 'otto' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden });
    const open = await app.inject({ method: 'GET', url: '/inside', headers: { 'x-staff': 'otto' } });
    expect(open.json()).toMatchObject({ user: 'user-otto' });
  });

  it('refuses to start with a staff route missing from the table', async () => {
    const other = Fastify();
    decorateStaffRequest(other);
    await expect(
      registerStaffRoutes(
        other,
        async () => anna,
        async (staff) => {
          staff.delete('/forgotten/:id', async () => ({ ok: true }));
        },
        table,
      ),
    ).rejects.toThrow('DELETE /forgotten/:id is a staff route missing from ROUTE_PERMISSIONS');
    await other.close();
  });
});
