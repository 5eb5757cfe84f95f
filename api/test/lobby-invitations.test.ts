import { eq } from 'drizzle-orm';
import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, LOBBY_RULES, invitationSchema, sentJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { joinRequests, reservations } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

let t: LobbyTestApp;
let demoId: string;
let anna: TestClient;

beforeAll(async () => {
  t = await startLobbyApp();
  demoId = t.seeded.demoId;
  anna = await t.staff('admin');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const CODE_PATTERN = new RegExp(`^[${INVITATION_CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`);

async function invite(room = t.seeded.room('Sala Roma'), name?: string) {
  const response = await anna.post('/api/bo/invitations', name === undefined ? { room } : { room, name });
  expect(response.statusCode).toBe(200);
  return invitationSchema.parse(response.json());
}

describe('POST /api/bo/invitations', () => {
  it('creates a 24-hour invitation with a random code and the live page link on the company host in the public origin', async () => {
    const invitation = await invite(t.seeded.room('Sala Roma'), '  Paolo  ');
    expect(invitation.code).toMatch(CODE_PATTERN);
    expect(invitation).toMatchObject({
      url: `http://demo.localhost:3000/partecipa?invito=${invitation.code}`,
      roomId: t.seeded.room('Sala Roma'),
      storeId: t.seeded.store('Roma Termini'),
      name: 'Paolo',
      expiresAt: new Date(t.clock.now().getTime() + LOBBY_RULES.invitationTtlMs).toISOString(),
    });
    expect((await invite(t.seeded.room('Sala Roma'))).code).not.toBe(invitation.code);
  });

  it('answers 400 room for a bad body, 404 for a room of another company or of a store not served, 401 without a session', async () => {
    for (const body of [undefined, {}, { room: 'sala' }]) {
      const response = await anna.post('/api/bo/invitations', body);
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'room', message: IT_LOBBY.errors.roomRequired });
    }
    expect((await anna.post('/api/bo/invitations', { room: t.seeded.room('Sala Roma'), name: 'x'.repeat(61) })).json()).toMatchObject({
      statusCode: 400,
      field: 'name',
    });
    expect((await anna.post('/api/bo/invitations', { room: t.seeded.room('Sala Acme') })).json()).toMatchObject({
      statusCode: 404,
      message: IT.errors.notFound,
    });
    await t.serveOnly(demoId, 'operatore', [t.seeded.store('Milano Centro')]);
    try {
      const marco = await t.staff('operatore');
      expect((await marco.post('/api/bo/invitations', { room: t.seeded.room('Sala Roma') })).statusCode).toBe(404);
      expect((await marco.post('/api/bo/invitations', { room: t.seeded.room('Sala Consulenza') })).statusCode).toBe(200);
    } finally {
      await t.serveOnly(demoId, 'operatore', []);
    }
    expect((await (await t.visitor()).browser.post('/api/bo/invitations', { room: t.seeded.room('Sala Roma') })).statusCode).toBe(401);
  });
});

describe('POST /api/video-room/invitation/send-join-request', () => {
  const send = async (code: unknown, name: unknown = 'Paolo Rossi', host = 'demo.localhost') =>
    (await t.visitor(host)).browser.post('/api/video-room/invitation/send-join-request', { code, name });

  it("sends a request for the invitation's room, without phone verification, whatever the code's case and dashes", async () => {
    const invitation = await invite(t.seeded.room('Sala Roma'));
    const typed = `${invitation.code.slice(0, 5).toLowerCase()}-${invitation.code.slice(5)} `;
    t.notifier.take();
    const response = await send(typed);
    expect(response.statusCode).toBe(200);
    const sent = sentJoinRequestSchema.parse(response.json());
    expect(sent.request).toMatchObject({
      source: 'invitation',
      status: 'pending',
      roomId: invitation.roomId,
      storeId: invitation.storeId,
      verificationRequired: false,
      name: 'Paolo Rossi',
    });
    expect((await t.row(demoId, sent.request.id)).verificationRequired).toBe(false);
    expect(t.notifier.take()).toHaveLength(1);
    // In the queue at once: Roma Termini requires phones of live visitors only.
    const queue = (await anna.get('/api/bo/join-requests')).json() as { requests: { id: string }[] };
    expect(queue.requests.map((request) => request.id)).toContain(sent.request.id);
  });

  it('answers 404 invitationInvalid for an unknown code, an expired one and one of another company', async () => {
    expect((await send('ABCDEFGHJK')).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.invitationInvalid });
    const invitation = await invite();
    expect((await send(invitation.code, 'Paolo', 'acme.localhost')).statusCode).toBe(404);
    t.clock.advance(LOBBY_RULES.invitationTtlMs - 1000);
    expect((await send(invitation.code)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await send(invitation.code)).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.invitationInvalid });
  });

  it('answers 400 naming the field for a bad body', async () => {
    expect((await send(undefined)).json()).toMatchObject({ statusCode: 400, field: 'code', message: IT_LOBBY.errors.invitationCodeRequired });
    expect((await send('  ')).json()).toMatchObject({ statusCode: 400, field: 'code' });
    expect((await send('X'.repeat(41))).json()).toMatchObject({ statusCode: 400, field: 'code', message: IT_LOBBY.errors.invitationInvalid });
    expect((await send('ABCDEFGHJK', '')).json()).toMatchObject({ statusCode: 400, field: 'name', message: IT.validation.nameRequired });
    expect((await send('ABCDEFGHJK', null)).json()).toMatchObject({ statusCode: 400, field: 'name' });
  });
});

describe('POST /api/video-room/reservation/{id}/send-join-request', () => {
  const HOUR = 3_600_000;
  let places = 0;
  /** Each reservation's join token, as its customer's link carries it. */
  const tokens = new Map<string, string>();

  /** A reservation of Sala Consulenza starting `startsInMs` from now, lasting half an hour. */
  async function reservation(startsInMs: number, cancelled = false): Promise<string> {
    const startsAt = new Date(t.clock.now().getTime() + startsInMs);
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .insert(reservations)
        .values({
          companyId: demoId,
          storeId: t.seeded.store('Milano Centro'),
          roomId: t.seeded.room('Sala Consulenza'),
          customerName: 'Lucia Bianchi',
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR / 2),
          // A place of its own: these appointments overlap, and only the join window is tested here.
          seat: (places += 1),
          status: cancelled ? 'cancelled' : 'booked',
          cancelledAt: cancelled ? t.clock.now() : null,
        })
        .returning({ id: reservations.id, joinToken: reservations.joinToken }),
    );
    tokens.set(row!.id, row!.joinToken);
    return row!.id;
  }

  /** The customer's join link: their token unless `body` says otherwise. */
  const join = async (id: string, body: Record<string, unknown> = {}, host = 'demo.localhost') =>
    (await t.visitor(host)).browser.post(`/api/video-room/reservation/${id}/send-join-request`, { token: tokens.get(id), ...body });

  it('opens 15 minutes before the start, names the visitor as booked unless told otherwise, no phone verification', async () => {
    const id = await reservation(LOBBY_RULES.reservationEarlyMs);
    const response = await join(id);
    expect(response.statusCode).toBe(200);
    const sent = sentJoinRequestSchema.parse(response.json());
    expect(sent.request).toMatchObject({ source: 'reservation', name: 'Lucia Bianchi', roomId: t.seeded.room('Sala Consulenza'), verificationRequired: false });
    expect((await t.row(demoId, sent.request.id)).reservationId).toBe(id);
    const named = sentJoinRequestSchema.parse((await join(id, { name: 'Lucia B.' })).json());
    expect(named.request.name).toBe('Lucia B.');
  });

  it('answers 409 too early before the window, 409 over after the end or when cancelled', async () => {
    const early = await reservation(LOBBY_RULES.reservationEarlyMs + 1000);
    expect((await join(early)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.reservationTooEarly });
    const over = await reservation(-HOUR / 2);
    expect((await join(over)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.reservationOver });
    const running = await reservation(-HOUR / 4);
    expect((await join(running)).statusCode).toBe(200);
    const cancelled = await reservation(0, true);
    expect((await join(cancelled)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.reservationOver });
  });

  it('answers 404 for an unknown, malformed or other company’s reservation, and 400 name for a bad name', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      expect((await join(id)).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.reservationNotFound });
    }
    const id = await reservation(0);
    expect((await join(id, {}, 'acme.localhost')).statusCode).toBe(404);
    expect((await join(id, { name: '   ' })).json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await join(id, { name: 'x'.repeat(61) })).json()).toMatchObject({ statusCode: 400, field: 'name', message: IT_LOBBY.visitor.nameTooLong });
    expect(await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(reservations).where(eq(reservations.id, id)))).toHaveLength(1);
  });

  it('answers 404 to the bare id, a wrong token or another appointment’s, before saying anything of the window, and queues nobody', async () => {
    const open = await reservation(0);
    const early = await reservation(LOBBY_RULES.reservationEarlyMs + 3_600_000);
    const before = await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(joinRequests));
    for (const id of [open, early]) {
      for (const body of [
        { token: undefined },
        { token: 'x'.repeat(64) },
        { token: tokens.get(id === open ? early : open) },
        { token: undefined, name: 'Lucia' },
      ]) {
        expect((await join(id, body)).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.reservationNotFound });
      }
    }
    expect(await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(joinRequests))).toHaveLength(before.length);
    expect((await join(open)).statusCode).toBe(200);
    expect((await join(early)).json()).toMatchObject({ statusCode: 409, message: IT_LOBBY.errors.reservationTooEarly });
  });
});
