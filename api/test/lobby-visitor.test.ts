import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { liveQueueSchema, verificationCodeSentSchema, visitorJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { companies, phoneVerifications, smsOutbox, stores } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

let t: LobbyTestApp;
let demoId: string;
let milano: string;
let roma: string;
let consulenza: string;
let salaRoma: string;

beforeAll(async () => {
  t = await startLobbyApp();
  demoId = t.seeded.demoId;
  milano = t.seeded.store('Milano Centro');
  roma = t.seeded.store('Roma Termini');
  consulenza = t.seeded.room('Sala Consulenza');
  salaRoma = t.seeded.room('Sala Roma');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('POST /api/video-room/{store}/send-join-request', () => {
  it('creates a pending live request, answers the visitor token once, keeps only its hash, and announces it', async () => {
    const visitor = await t.visitor();
    t.notifier.take();
    const sent = await visitor.send(milano, consulenza, '  Giulia Neri ');
    const now = t.clock.now();
    expect(sent.request).toEqual({
      id: expect.any(String),
      status: 'pending',
      source: 'live',
      name: 'Giulia Neri',
      storeId: milano,
      storeName: 'Milano Centro',
      roomId: consulenza,
      roomName: 'Sala Consulenza',
      verificationRequired: false,
      phoneNumber: null,
      message: null,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + t.config.lobby.requestTimeoutSeconds * 1000).toISOString(),
    });
    expect(sent.visitorToken).toMatch(/^[\w-]{43}$/);
    const row = await t.row(demoId, sent.request.id);
    expect(row.visitorTokenHash).toBe(createHash('sha256').update(sent.visitorToken).digest('hex'));
    const events = t.notifier.take();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ companyId: demoId, visitor: sent.request, request: { id: sent.request.id, status: 'pending', handledBy: null } });
  });

  it("requires the phone when the store says so (the demo's second store), else as the company says", async () => {
    const rome = await (await t.visitor()).send(roma, salaRoma);
    expect(rome.request.verificationRequired).toBe(true);
    // Acme's store says nothing: the company's setting decides, and a store's own word wins over it.
    const acmeId = t.seeded.acmeId;
    const torino = (await t.db.asOwnerForTenant(acmeId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, acmeId))))[0]!.id;
    await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .update(companies)
        .set({ settings: { requirePhoneVerification: true } })
        .where(eq(companies.id, acmeId)),
    );
    t.clock.advance(10_000); // past the host cache
    const acmeVisitor = await t.visitor('acme.localhost');
    expect((await acmeVisitor.send(torino, t.seeded.room('Sala Acme'))).request.verificationRequired).toBe(true);
    await t.db.asOwnerForTenant(acmeId, (tx) => tx.update(stores).set({ requirePhoneVerification: false }).where(eq(stores.id, torino)));
    expect((await (await t.visitor('acme.localhost')).send(torino, t.seeded.room('Sala Acme'))).request.verificationRequired).toBe(false);
  });

  it('answers 404 for an unknown store, a store or room of another company; 400 room for a room of another store', async () => {
    const visitor = await t.visitor();
    const post = (store: string, room: string) => visitor.browser.post(`/api/video-room/${store}/send-join-request`, { name: 'Giulia', room });
    expect((await post('00000000-0000-4000-8000-000000000000', consulenza)).statusCode).toBe(404);
    const acmeStore = (
      await t.db.asOwnerForTenant(t.seeded.acmeId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, t.seeded.acmeId)))
    )[0]!.id;
    expect((await post(acmeStore, t.seeded.room('Sala Acme'))).statusCode).toBe(404);
    expect((await post(milano, t.seeded.room('Sala Acme'))).statusCode).toBe(404);
    const otherStore = await post(milano, salaRoma);
    expect(otherStore.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT_LOBBY.errors.roomNotInStore, field: 'room' });
    // A malformed store id is not found, like an unknown one.
    expect((await post('not-a-store', consulenza)).json()).toEqual({ statusCode: 404, error: 'Not Found', message: IT.errors.notFound });
    expect((await post('00000000-0000-4000-8000-000000000000', consulenza)).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: IT.errors.notFound,
    });
  });

  it('answers 400 naming the field for every bad body', async () => {
    const visitor = await t.visitor();
    const cases: [unknown, string, string][] = [
      [undefined, 'name', IT.validation.nameRequired],
      [{ room: consulenza }, 'name', IT.validation.nameRequired],
      [{ name: '   ', room: consulenza }, 'name', IT.validation.nameRequired],
      [{ name: 'x'.repeat(61), room: consulenza }, 'name', IT_LOBBY.visitor.nameTooLong],
      [{ name: 'Giulia' }, 'room', IT_LOBBY.errors.roomRequired],
      [{ name: 'Giulia', room: 'sala' }, 'room', IT_LOBBY.errors.roomRequired],
    ];
    for (const [body, field, message] of cases) {
      const response = await visitor.browser.post(`/api/video-room/${milano}/send-join-request`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
  });
});

describe('the visitor follows its own request', () => {
  it('reads its status and is noted as seen', async () => {
    const visitor = await t.visitor();
    await visitor.send(milano, consulenza);
    t.clock.advance(20_000);
    const response = await visitor.call('');
    expect(response.statusCode).toBe(200);
    expect(visitorJoinRequestSchema.parse(response.json())).toMatchObject({ id: visitor.id, status: 'pending' });
    expect((await t.row(demoId, visitor.id)).visitorSeenAt).toEqual(t.clock.now());
  });

  it('is refused without a token (401), with a wrong one or for another request or company (404), and for a malformed id (404, like an unknown one)', async () => {
    const alice = await t.visitor();
    const bob = await t.visitor();
    await alice.send(milano, consulenza);
    await bob.send(milano, consulenza);
    const calls = [
      ['', {}],
      ['/cancel', {}],
      ['/send-verification-code', { phoneNumber: '3331234567' }],
      ['/verify-verification-code', { code: '123456' }],
    ] as const;
    for (const [suffix, body] of calls) {
      const missing = await alice.call(suffix, body, { token: null });
      expect(missing.json()).toMatchObject({ statusCode: 401, message: IT_LOBBY.errors.visitorTokenRequired });
      expect((await alice.call(suffix, body, { token: 'garbage' })).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.requestNotFound });
      expect((await alice.call(suffix, body, { token: 'A'.repeat(43) })).statusCode).toBe(404);
      expect((await alice.call(suffix, body, { id: bob.id })).statusCode).toBe(404);
      const acmeHost = await alice.browser.request('POST', `/api/video-room/join-request/${alice.id}${suffix}`, body, {
        host: 'acme.localhost',
        authorization: `Bearer ${alice.token}`,
      });
      expect(acmeHost.statusCode).toBe(404);
      expect((await alice.call(suffix, body, { id: 'nope' })).json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: IT_LOBBY.errors.requestNotFound,
      });
      expect((await alice.call(suffix, body, { id: 'nope', token: null })).json()).toMatchObject({
        statusCode: 401,
        message: IT_LOBBY.errors.visitorTokenRequired,
      });
    }
    expect((await t.row(demoId, alice.id)).status).toBe('pending');
    expect((await t.row(demoId, bob.id)).status).toBe('pending');
  });

  // The token is asked for before the body is looked at: without one, the rules stay unknown.
  it('answers 401, not 400, to a bad body without a token, and 400 naming the field with one', async () => {
    const visitor = await t.visitor();
    await visitor.send(milano, consulenza);
    for (const [suffix, body, field] of [
      ['/send-verification-code', { phoneNumber: 5 }, 'phoneNumber'],
      ['/verify-verification-code', { code: 'abc' }, 'code'],
    ] as const) {
      expect((await visitor.call(suffix, body, { token: null })).json()).toMatchObject({ statusCode: 401, message: IT_LOBBY.errors.visitorTokenRequired });
      expect((await visitor.call(suffix, body)).json()).toMatchObject({ statusCode: 400, field });
    }
    expect((await t.row(demoId, visitor.id)).status).toBe('pending');
  });

  it('cancels, announces it once, and answers a repeated cancel with the state unchanged', async () => {
    const visitor = await t.visitor();
    await visitor.send(milano, consulenza);
    t.notifier.take();
    const first = await visitor.call('/cancel');
    expect(first.json()).toMatchObject({ status: 'cancelled' });
    expect(t.notifier.take().map((event) => event.visitor.status)).toEqual(['cancelled']);
    const again = await visitor.call('/cancel');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled' });
    expect(t.notifier.take()).toEqual([]);
  });

  it('cannot cancel a request that was rejected or is in the call: the answer is its state', async () => {
    const staff = await t.staff();
    const visitor = await t.visitor();
    await visitor.send(milano, consulenza);
    await staff.post(`/api/video-room/join-request/${visitor.id}/reject`, { message: 'Chiusi' });
    expect((await visitor.call('/cancel')).json()).toMatchObject({ status: 'rejected', message: 'Chiusi' });
    const guest = await t.visitor();
    await guest.send(milano, consulenza);
    await t.force(demoId, guest.id, 'joined');
    expect((await guest.call('/cancel')).json()).toMatchObject({ status: 'joined' });
  });
});

describe('phone verification', () => {
  async function lastCode(requestId: string): Promise<string> {
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.select({ body: smsOutbox.body, to: smsOutbox.to }).from(smsOutbox).where(eq(smsOutbox.companyId, demoId)).orderBy(desc(smsOutbox.createdAt)).limit(1),
    );
    const attempts = await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)));
    expect(attempts.length).toBeGreaterThan(0);
    const code = /(\d{6})/.exec(row!.body)?.[1];
    if (!code) throw new Error(`no code in ${row!.body}`);
    return code;
  }

  it('sends a code (pending → verifying), refuses a wrong one with the attempt counted, accepts the right one (→ verified)', async () => {
    const visitor = await t.visitor();
    await visitor.send(roma, salaRoma);
    t.notifier.take();
    const sent = await visitor.call('/send-verification-code', { phoneNumber: '333 123 4567' });
    expect(sent.statusCode).toBe(200);
    const body = verificationCodeSentSchema.parse(sent.json());
    expect(body).toMatchObject({ phoneNumber: '+393331234567', request: { status: 'verifying', phoneNumber: '+393331234567', verificationRequired: true } });
    expect(t.notifier.take().map((event) => [event.visitor.status, event.request.phoneNumber])).toEqual([['verifying', null]]);
    // Not yet in the queue.
    const staff = await t.staff();
    const queueIds = async () => liveQueueSchema.parse((await staff.get('/api/bo/join-requests')).json()).requests.map((request) => request.id);
    expect(await queueIds()).not.toContain(visitor.id);

    const code = await lastCode(visitor.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await visitor.call('/verify-verification-code', { code: wrong });
    expect(refused.json()).toMatchObject({ statusCode: 422, message: IT_LOBBY.errors.codeWrong, field: 'code' });
    const [attempted] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.select({ attempts: phoneVerifications.attempts }).from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, visitor.id)),
    );
    expect(attempted!.attempts).toBe(1);
    expect((await t.row(demoId, visitor.id)).status).toBe('verifying');

    t.clock.advance(5000);
    const accepted = await visitor.call('/verify-verification-code', { code });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'verified', phoneNumber: '+393331234567', verificationRequired: false });
    const row = await t.row(demoId, visitor.id);
    expect(row).toMatchObject({ status: 'verified', phoneNumber: '+393331234567', waitingSince: t.clock.now() });
    const [event] = t.notifier.take();
    expect(event).toMatchObject({ request: { status: 'verified', phoneNumber: '+393331234567' }, visitor: { status: 'verified' } });
    expect(await queueIds()).toContain(visitor.id);
  });

  it('stays in verifying when a new code is asked for after the pause, and only the new code counts', async () => {
    const visitor = await t.visitor();
    await visitor.send(roma, salaRoma);
    expect((await visitor.call('/send-verification-code', { phoneNumber: '+39 333 765 4321' })).statusCode).toBe(200);
    const first = await lastCode(visitor.id);
    const tooSoon = await visitor.call('/send-verification-code', { phoneNumber: '+39 333 765 4321' });
    expect(tooSoon.statusCode).toBe(429);
    t.clock.advance(31_000);
    const resent = await visitor.call('/send-verification-code', { phoneNumber: '+39 333 765 4321' });
    expect(resent.json()).toMatchObject({ request: { status: 'verifying' } });
    const second = await lastCode(visitor.id);
    if (first !== second) expect((await visitor.call('/verify-verification-code', { code: first })).statusCode).toBe(422);
    expect((await visitor.call('/verify-verification-code', { code: second })).json()).toMatchObject({ status: 'verified' });
    // Once verified, no more codes.
    expect((await visitor.call('/send-verification-code', { phoneNumber: '+39 333 765 4321' })).statusCode).toBe(409);
  });

  it('answers 409 when no code was sent yet, and when the request needs no verification', async () => {
    const rome = await t.visitor();
    await rome.send(roma, salaRoma);
    expect((await rome.call('/verify-verification-code', { code: '123456' })).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.codeMissing });
    const milan = await t.visitor();
    await milan.send(milano, consulenza);
    for (const [suffix, body] of [
      ['/send-verification-code', { phoneNumber: '3331234567' }],
      ['/verify-verification-code', { code: '123456' }],
    ] as const) {
      expect((await milan.call(suffix, body)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.verificationNotRequired });
    }
    expect((await t.row(demoId, milan.id)).status).toBe('pending');
  });

  it('answers 400 naming the field for bad bodies and numbers, and changes nothing', async () => {
    const visitor = await t.visitor();
    await visitor.send(roma, salaRoma);
    const cases: [string, unknown, string, string][] = [
      ['/send-verification-code', {}, 'phoneNumber', IT_LOBBY.errors.phoneRequired],
      ['/send-verification-code', { phoneNumber: '  ' }, 'phoneNumber', IT_LOBBY.errors.phoneRequired],
      ['/send-verification-code', { phoneNumber: 'chiamami' }, 'phoneNumber', IT_LOBBY.errors.phoneInvalid],
      ['/send-verification-code', { phoneNumber: '1'.repeat(40) }, 'phoneNumber', IT_LOBBY.errors.phoneInvalid],
      ['/verify-verification-code', {}, 'code', IT_LOBBY.errors.codeFormat],
      ['/verify-verification-code', { code: '12a456' }, 'code', IT_LOBBY.errors.codeFormat],
      ['/verify-verification-code', { code: '1234567' }, 'code', IT_LOBBY.errors.codeFormat],
    ];
    for (const [suffix, body, field, message] of cases) {
      const response = await visitor.call(suffix, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
    expect((await t.row(demoId, visitor.id)).status).toBe('pending');
    const [{ count }] = (await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(phoneVerifications)
        .where(and(eq(phoneVerifications.joinRequestId, visitor.id))),
    )) as [{ count: number }];
    expect(count).toBe(0);
  });
});
