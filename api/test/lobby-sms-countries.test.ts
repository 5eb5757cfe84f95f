import { count, eq } from 'drizzle-orm';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { companies, phoneVerifications, smsOutbox, smsSendCounters } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/** Longer than the tenancy's host cache, so that the next call reads the company's new settings. */
const HOST_CACHE_PASSED_MS = 6_000;
const SWISS = '+41 79 123 45 67';

let t: LobbyTestApp;
let demoId: string;
let roma: string;
let salaRoma: string;

beforeAll(async () => {
  t = await startLobbyApp();
  demoId = t.seeded.demoId;
  // Roma Termini asks visitors to prove their phone.
  roma = t.seeded.store('Roma Termini');
  salaRoma = t.seeded.room('Sala Roma');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function setSmsCountries(countries: string[] | undefined): Promise<void> {
  await t.db.asOwnerForTenant(demoId, async (tx) => {
    const [row] = await tx.select({ settings: companies.settings }).from(companies).where(eq(companies.id, demoId));
    const { smsCountries: _old, ...rest } = { ...(row!.settings as Record<string, unknown>) };
    await tx
      .update(companies)
      .set({ settings: countries ? { ...rest, smsCountries: countries } : rest })
      .where(eq(companies.id, demoId));
  });
  t.clock.advance(HOST_CACHE_PASSED_MS);
}

async function spent() {
  const [codes] = await t.db.asOwner((tx) => tx.select({ n: count() }).from(phoneVerifications));
  const [outbox] = await t.db.asOwner((tx) => tx.select({ n: count() }).from(smsOutbox));
  const [counted] = await t.db.asOwner((tx) => tx.select({ n: count() }).from(smsSendCounters));
  return { codes: codes!.n, outbox: outbox!.n, counters: counted!.n };
}

describe("the company's SMS countries", () => {
  afterEach(() => setSmsCountries(undefined));

  it('are Italy only by default: a Swiss mobile is refused with 400 phoneNumber, nothing spent, the request unchanged', async () => {
    const visitor = await t.visitor();
    await visitor.send(roma, salaRoma);
    const before = await spent();
    const refused = await visitor.call('/send-verification-code', { phoneNumber: SWISS });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'phoneNumber', message: IT_LOBBY.errors.phoneCountryNotAllowed });
    expect(await spent()).toEqual(before);
    expect((await t.row(demoId, visitor.id)).status).toBe('pending');
    expect((await visitor.call('/send-verification-code', { phoneNumber: '333 123 4567' })).statusCode).toBe(200);
  });

  it('follow the setting: once Switzerland is listed its mobiles get codes, and Italy is no longer implied', async () => {
    await setSmsCountries(['CH']);
    const swiss = await t.visitor();
    await swiss.send(roma, salaRoma);
    expect((await swiss.call('/send-verification-code', { phoneNumber: SWISS })).json()).toMatchObject({
      phoneNumber: '+41791234567',
      request: { status: 'verifying' },
    });
    const [message] = await t.db.asOwner((tx) => tx.select({ to: smsOutbox.to }).from(smsOutbox).where(eq(smsOutbox.to, '+41791234567')));
    expect(message).toEqual({ to: '+41791234567' });

    const italian = await t.visitor();
    await italian.send(roma, salaRoma);
    expect((await italian.call('/send-verification-code', { phoneNumber: '333 765 4321' })).json()).toMatchObject({
      statusCode: 400,
      message: IT_LOBBY.errors.phoneCountryNotAllowed,
    });
  });

  it('one request cannot cycle numbers over HTTP: the third number is 429 naming phoneNumber', async () => {
    const visitor = await t.visitor();
    await visitor.send(roma, salaRoma);
    for (const phoneNumber of ['333 400 0001', '333 400 0002']) {
      expect((await visitor.call('/send-verification-code', { phoneNumber })).statusCode).toBe(200);
      t.clock.advance(30_000);
    }
    const before = await spent();
    const third = await visitor.call('/send-verification-code', { phoneNumber: '333 400 0003' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ field: 'phoneNumber', message: IT_LOBBY.errors.tooManyPhoneNumbers });
    expect(await spent()).toEqual(before);
  });
});

describe('the daily SMS cap of a company', () => {
  it('is 200 by default (SMS_LIMIT_PER_COMPANY_PER_DAY), the other caps unchanged', () => {
    expect(t.config.lobby).toMatchObject({ smsPerCompanyPerDay: 200, smsPerPhonePerDay: 5, smsPerIpPerDay: 20 });
  });
});
