import { eq } from 'drizzle-orm';
import { documents } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { isolationProbes, type IsolationProbe } from './probe/isolation-probes';
import { leakedSecrets, secretsOf } from './probe/leak-scan';
import { multipartVariants } from './probe/multipart-variants';
import { buildTenantWorld, type TenantWorld } from './probe/probe-world';
import { UNKNOWN_IDENTITY } from './probe/route-catalog';

/*
 * Issue #9's isolation probe, kept in the suite: Demo's and Acme's staff, visitors and guests call
 * every id-taking route with the other company's ids on their own host, and carry their own
 * credentials to the other company's host. Each call must be refused (401/404) and no answer may
 * show the other company's ids, names, e-mails, codes or tokens. Then the store-scoping decision:
 * an operator limited to some stores reaches nothing of the others; an admin is never limited.
 */

let t: LobbyTestApp;
let demo: TenantWorld;
let acme: TenantWorld;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { loginPerMinute: 100_000, notFoundPerMinute: 100_000 } });
  demo = await buildTenantWorld(t, 'demo.localhost', t.seeded.demoId, 'Demo');
  acme = await buildTenantWorld(t, 'acme.localhost', t.seeded.acmeId, 'Acme');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const ISOLATION_TIMEOUT_MS = 60_000;

async function send(probe: IsolationProbe) {
  return t.app.inject({ method: probe.method, url: probe.url, headers: probe.headers, payload: probe.payload, remoteAddress: '10.8.0.1' });
}

async function documentExists(companyId: string, id: string): Promise<boolean> {
  const rows = await t.db.asOwnerForTenant(companyId, (tx) => tx.select({ id: documents.id }).from(documents).where(eq(documents.id, id)));
  return rows.length === 1;
}

describe('tenant isolation', () => {
  it(
    'refuses every call with the other company’s ids or on its host, and no answer shows its data',
    async () => {
      let probes = 0;
      const leaks: string[] = [];
      const notRefused: string[] = [];
      for (const [own, other] of [
        [demo, acme],
        [acme, demo],
      ] as const) {
        const secrets = secretsOf(other);
        for (const probe of isolationProbes(own, other)) {
          const response = await send(probe);
          probes += 1;
          const sent = `${probe.url} ${JSON.stringify(probe.headers)} ${probe.payload?.toString() ?? ''}`;
          const answer = `${JSON.stringify(response.headers)} ${response.body}`;
          const leaked = leakedSecrets(secrets, sent, answer);
          if (leaked.length > 0) leaks.push(`${probe.label} → ${response.statusCode} shows ${leaked.join(', ')}`);
          const expected = probe.refused ?? [200];
          if (!expected.includes(response.statusCode))
            notRefused.push(`${probe.label} → ${response.statusCode} (expected ${expected.join('/')}) ${response.body.slice(0, 100)}`);
        }
      }
      process.stdout.write(`probe-isolation: ${probes} probes, ${leaks.length} leaks (${t.db.driver})\n`);
      expect(leaks).toEqual([]);
      expect(notRefused).toEqual([]);
    },
    ISOLATION_TIMEOUT_MS,
  );

  it('left each company’s rows as they were: documents kept, requests waiting, guests still in', async () => {
    for (const world of [demo, acme]) {
      expect(await documentExists(world.companyId, world.spareDocumentId)).toBe(true);
      expect((await t.row(world.companyId, world.queuedRequestId)).status).toBe('pending');
      const [chat] = multipartVariants('chat');
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/room/${world.room.id}/documents`,
        headers: { host: world.host, authorization: `Bearer ${world.guest.join.uploadToken}`, ...chat?.headers },
        payload: chat?.payload,
      });
      expect(upload.statusCode).toBe(201);
    }
  });
});

function upload(browser: TestClient, roomId: string) {
  const [wellFormed] = multipartVariants('document');
  return browser.post(`/api/room/${roomId}/documents`, wellFormed?.payload, wellFormed?.headers);
}

describe('store scoping (issue #9 decision): operators limited by user_stores, admins never', () => {
  let milanoRoom: string;
  let romaRoom: string;
  /** A document of Roma's room for each test, uploaded before anyone is limited. */
  const romaDocuments: string[] = [];

  beforeAll(async () => {
    milanoRoom = t.seeded.room('Sala Consulenza');
    romaRoom = t.seeded.room('Sala Roma');
    for (let i = 0; i < 2; i += 1) romaDocuments.push(((await upload(demo.admin, romaRoom)).json() as { id: string }).id);
    await t.serveOnly(t.seeded.demoId, 'operatore', [t.seeded.store('Milano Centro')]);
    await t.serveOnly(t.seeded.demoId, 'admin', [t.seeded.store('Milano Centro')]);
  });

  async function roomCalls(browser: TestClient, roomId: string, documentId: string) {
    const documentsOfRoom = () =>
      t.db.asOwnerForTenant(t.seeded.demoId, (tx) => tx.select({ id: documents.id }).from(documents).where(eq(documents.roomId, roomId)));
    const before = (await documentsOfRoom()).length;
    const uploaded = await upload(browser, roomId);
    const stored = (await documentsOfRoom()).length - before;
    return {
      join: (await browser.post(`/api/video-room/${roomId}/join`, {})).statusCode,
      list: (await browser.get(`/api/room/${roomId}/documents`)).statusCode,
      upload: uploaded.statusCode,
      stored,
      download: (await browser.get(`/api/documents/${documentId}/download`)).statusCode,
      kick: (await browser.post(`/api/video-room/${roomId}/kick/${UNKNOWN_IDENTITY}`)).statusCode,
      delete: (await browser.request('DELETE', `/api/documents/${documentId}`)).statusCode,
    };
  }

  it('an operator serving Milano only gets 404 for everything of Roma’s room, and reaches Milano’s', async () => {
    const operator = await t.staff('operatore');
    const romaDocument = romaDocuments[0] ?? '';
    expect(await roomCalls(operator, romaRoom, romaDocument)).toEqual({ join: 404, list: 404, upload: 404, stored: 0, download: 404, kick: 404, delete: 404 });
    expect(await documentExists(t.seeded.demoId, romaDocument)).toBe(true);
    const milanoDocument = (await upload(demo.admin, milanoRoom)).json() as { id: string };
    expect(await roomCalls(operator, milanoRoom, milanoDocument.id)).toEqual({
      join: 200,
      list: 200,
      upload: 201,
      stored: 1,
      download: 200,
      kick: 200,
      delete: 200,
    });
  });

  it('an operator serving Milano only does not see or answer Roma’s requests; an admin with user_stores rows does', async () => {
    const visitor = await t.visitor();
    await visitor.send(t.seeded.store('Roma Termini'), romaRoom, 'Visitatore Roma Verificato');
    await t.force(t.seeded.demoId, visitor.id, 'verified', { phoneNumber: '+393331234567' });
    const operator = await t.staff('operatore');
    const queueIds = async (browser: TestClient) =>
      ((await browser.get('/api/bo/join-requests')).json() as { requests: { id: string }[] }).requests.map((request) => request.id);
    expect(await queueIds(operator)).not.toContain(visitor.id);
    expect((await operator.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(404);
    expect((await operator.post('/api/bo/invitations', { room: romaRoom })).statusCode).toBe(404);

    const admin = await t.staff('admin');
    expect(await queueIds(admin)).toContain(visitor.id);
    expect((await admin.post('/api/bo/invitations', { room: romaRoom })).statusCode).toBe(200);
    expect((await admin.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(200);
  });

  it('an admin with user_stores rows naming Milano only still reaches Roma’s room', async () => {
    const admin = await t.staff('admin');
    expect(await roomCalls(admin, romaRoom, romaDocuments[1] ?? '')).toEqual({
      join: 200,
      list: 200,
      upload: 201,
      stored: 1,
      download: 200,
      kick: 200,
      delete: 200,
    });
  });
});
