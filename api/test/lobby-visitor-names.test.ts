import { count, eq } from 'drizzle-orm';
import { invitationSchema, sentJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { invitations, joinRequests, reservations } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * Names reach the staff's queue, notifications and the room: every name a visitor types (live,
 * invitation, reservation link) and every name staff type on an invitation goes through one
 * contract schema that normalises it and refuses markup and invisible characters.
 */

let t: LobbyTestApp;
let demoId: string;
let staff: TestClient;

beforeAll(async () => {
  t = await startLobbyApp();
  demoId = t.seeded.demoId;
  staff = await t.staff();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** Typed with spaces around and inside, a no-break space and a tab, the ò decomposed (o + U+0300). */
const MESSY = '  Nicolo\u0300\u00a0 \t Rossi  ';
const CLEAN = 'Nicolò Rossi';

const REFUSED: [string, string][] = [
  ['an HTML tag', '<img src=x onerror=alert(1)>'],
  ['a lone angle bracket', 'Anna > Marco'],
  ['a right-to-left override', 'Giulia\u202Egnp.exe'],
  ['a bidi isolate', 'Giulia\u2066Neri'],
  ['a control character', 'Giulia\u001bNeri'],
  ['a bell', 'Giulia\u0007'],
  ['a zero-width space', 'Giu\u200Blia'],
  ['a lone surrogate', 'Giulia\ud800'],
];

const nameRefusal = { statusCode: 400, field: 'name', message: IT_LOBBY.visitor.nameCharacters };

async function storedRequests(): Promise<number> {
  const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ n: count() }).from(joinRequests));
  return row!.n;
}

async function invitation(name?: string) {
  return invitationSchema.parse(
    (await staff.post('/api/bo/invitations', { room: t.seeded.room('Sala Consulenza'), ...(name === undefined ? {} : { name }) })).json(),
  );
}

let places = 0;

/** An appointment starting now, on a place of its own (several overlap: only the names are tested). */
async function reservation(customerName = 'Lucia Bianchi'): Promise<{ id: string; token: string }> {
  const startsAt = t.clock.now();
  const [row] = await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .insert(reservations)
      .values({
        companyId: demoId,
        storeId: t.seeded.store('Milano Centro'),
        roomId: t.seeded.room('Sala Consulenza'),
        customerName,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        seat: (places += 1),
      })
      .returning({ id: reservations.id, token: reservations.joinToken }),
  );
  return row!;
}

/** The three ways a visitor sends a name, each as a fresh visitor. */
const paths = {
  live: async (name: unknown) =>
    (await t.visitor()).browser.post(`/api/video-room/${t.seeded.store('Milano Centro')}/send-join-request`, { name, room: t.seeded.room('Sala Consulenza') }),
  invitation: async (name: unknown) =>
    (await t.visitor()).browser.post('/api/video-room/invitation/send-join-request', { code: (await invitation()).code, name }),
  reservation: async (name: unknown) => {
    const { id, token } = await reservation();
    return (await t.visitor()).browser.post(`/api/video-room/reservation/${id}/send-join-request`, { name, token });
  },
};

describe.each(Object.entries(paths))('the name of a %s request', (_path, send) => {
  it('is stored trimmed, with inner whitespace collapsed and in Unicode NFC', async () => {
    const response = await send(MESSY);
    expect(response.statusCode).toBe(200);
    const sent = sentJoinRequestSchema.parse(response.json());
    expect(sent.request.name).toBe(CLEAN);
    expect((await t.row(demoId, sent.request.id)).name).toBe(CLEAN);
  });

  it('is measured after normalising: 60 characters pass, even typed with many spaces', async () => {
    const sixty = `${'a'.repeat(30)}${' '.repeat(40)}${'b'.repeat(29)}`;
    expect(sentJoinRequestSchema.parse((await send(sixty)).json()).request.name).toHaveLength(60);
  });

  it.each(REFUSED)('is refused with 400 name when it holds %s, and nothing is stored', async (_what, name) => {
    const before = await storedRequests();
    expect((await send(name)).json()).toMatchObject(nameRefusal);
    expect(await storedRequests()).toBe(before);
  });
});

describe('names not typed by the visitor', () => {
  it('an invitation name typed by staff is normalised, refused with markup, and empty means none', async () => {
    expect((await invitation(MESSY)).name).toBe(CLEAN);
    expect((await invitation('   ')).name).toBeNull();
    const [before] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ n: count() }).from(invitations));
    for (const [, name] of REFUSED) {
      expect((await staff.post('/api/bo/invitations', { room: t.seeded.room('Sala Consulenza'), name })).json()).toMatchObject(nameRefusal);
    }
    const [after] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ n: count() }).from(invitations));
    expect(after!.n).toBe(before!.n);
  });

  it("a booked customer's name stored with markup is cleaned before it reaches the queue", async () => {
    const { id, token } = await reservation('<b>Lucia</b>\u202E   Bianchi <script>x</script>');
    const sent = sentJoinRequestSchema.parse((await (await t.visitor()).browser.post(`/api/video-room/reservation/${id}/send-join-request`, { token })).json());
    expect(sent.request.name).toBe('Lucia Bianchi x');
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.select({ name: joinRequests.name }).from(joinRequests).where(eq(joinRequests.id, sent.request.id)),
    );
    expect(row!.name).toBe('Lucia Bianchi x');
  });
});
