import { and, count, eq, inArray } from 'drizzle-orm';
import { WAITING_STATUSES, invitationSchema, sentJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { loadConfig } from '../src/config/config';
import { joinRequests } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

const CAP = 3;

let t: LobbyTestApp;
let demoId: string;
let milano: string;
let consulenza: string;

beforeAll(async () => {
  t = await startLobbyApp({ env: { LOBBY_MAX_WAITING_PER_STORE: String(CAP) } });
  demoId = t.seeded.demoId;
  // Milano Centro does not ask for a phone: its live requests enter the queue at once.
  milano = t.seeded.store('Milano Centro');
  consulenza = t.seeded.room('Sala Consulenza');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

// Each test starts with nobody waiting.
beforeEach(() =>
  t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .update(joinRequests)
      .set({ status: 'cancelled' })
      .where(and(eq(joinRequests.companyId, demoId), inArray(joinRequests.status, [...WAITING_STATUSES]))),
  ),
);

async function sendLive(storeId = milano, room = consulenza) {
  const visitor = await t.visitor();
  return visitor.browser.post(`/api/video-room/${storeId}/send-join-request`, { name: 'Giulia Neri', room });
}

async function rowsOf(storeId: string): Promise<number> {
  const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ n: count() }).from(joinRequests).where(eq(joinRequests.storeId, storeId)));
  return row!.n;
}

const queueFull = { statusCode: 429, message: IT_LOBBY.errors.queueFull };

describe('the cap on visitors waiting in one store', () => {
  it(`admits ${CAP} waiting live requests and refuses the next with 429, storing and announcing nothing`, async () => {
    const stored = await rowsOf(milano);
    t.notifier.take();
    for (let i = 0; i < CAP; i += 1) expect((await sendLive()).statusCode).toBe(200);
    const refused = await sendLive();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(queueFull);
    expect(await rowsOf(milano)).toBe(stored + CAP);
    expect(t.notifier.take()).toHaveLength(CAP);
    // Per store: the other store of the company still has all its places.
    expect((await sendLive(t.seeded.store('Roma Termini'), t.seeded.room('Sala Roma'))).statusCode).toBe(200);
  });

  it('gives the place back when a waiting request is cancelled or answered, or its deadline has passed (swept or not)', async () => {
    const sent = [];
    for (let i = 0; i < CAP; i += 1) sent.push(sentJoinRequestSchema.parse((await sendLive()).json()));
    expect(await sendLive()).toMatchObject({ statusCode: 429 });

    await t.force(demoId, sent[0]!.request.id, 'cancelled');
    expect((await sendLive()).statusCode).toBe(200);
    expect(await sendLive()).toMatchObject({ statusCode: 429 });

    await t.force(demoId, sent[1]!.request.id, 'rejected');
    expect((await sendLive()).statusCode).toBe(200);
    expect(await sendLive()).toMatchObject({ statusCode: 429 });

    // Nobody swept yet, but every deadline has passed: nobody is really waiting.
    t.clock.advance(t.config.lobby.requestTimeoutSeconds * 1000 + 1);
    for (let i = 0; i < CAP; i += 1) expect((await sendLive()).statusCode).toBe(200);
  });

  it('counts the visitors still proving their phone and those asked to wait (busy)', async () => {
    const roma = t.seeded.store('Roma Termini');
    const salaRoma = t.seeded.room('Sala Roma');
    const unverified = sentJoinRequestSchema.parse((await sendLive(roma, salaRoma)).json());
    expect(unverified.request).toMatchObject({ status: 'pending', verificationRequired: true });
    const busy = sentJoinRequestSchema.parse((await sendLive(roma, salaRoma)).json());
    await t.force(demoId, busy.request.id, 'busy');
    expect((await sendLive(roma, salaRoma)).statusCode).toBe(200);
    expect((await sendLive(roma, salaRoma)).json()).toMatchObject(queueFull);
  });

  it('lets invited visitors in over the cap (staff asked them to come), and they take a place', async () => {
    for (let i = 0; i < CAP - 1; i += 1) expect((await sendLive()).statusCode).toBe(200);
    const staff = await t.staff();
    const invitation = invitationSchema.parse((await staff.post('/api/bo/invitations', { room: consulenza })).json());
    for (let i = 0; i < 2; i += 1) {
      const invited = await (await t.visitor()).browser.post('/api/video-room/invitation/send-join-request', { code: invitation.code, name: 'Paolo Rossi' });
      expect(invited.statusCode).toBe(200);
    }
    expect((await sendLive()).json()).toMatchObject(queueFull);
  });

  it('holds under parallel requests: exactly the cap is admitted, every other one refused', async () => {
    const visitors = await Promise.all(Array.from({ length: 12 }, () => t.visitor()));
    const answers = await Promise.all(
      visitors.map((visitor) => visitor.browser.post(`/api/video-room/${milano}/send-join-request`, { name: 'Giulia Neri', room: consulenza })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(CAP);
    expect(answers.filter((answer) => answer.statusCode === 429 && answer.json().message === IT_LOBBY.errors.queueFull)).toHaveLength(12 - CAP);
    const [waiting] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .select({ n: count() })
        .from(joinRequests)
        .where(and(eq(joinRequests.storeId, milano), inArray(joinRequests.status, [...WAITING_STATUSES]))),
    );
    expect(waiting!.n).toBe(CAP);
  });
});

describe('LOBBY_MAX_WAITING_PER_STORE', () => {
  it('is 20 by default and must be a positive whole number', () => {
    expect(loadConfig({ LOG_LEVEL: 'silent' }).lobby.maxWaitingPerStore).toBe(20);
    expect(t.config.lobby.maxWaitingPerStore).toBe(CAP);
    for (const value of ['0', '-1', '2.5', 'venti']) expect(() => loadConfig({ LOBBY_MAX_WAITING_PER_STORE: value })).toThrow(/LOBBY_MAX_WAITING_PER_STORE/);
  });
});
