import { count, eq } from 'drizzle-orm';
import { getCountries } from 'libphonenumber-js/max';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { phoneVerifications, smsOutbox, smsSendCounters } from '../src/db/schema';
import { HttpError } from '../src/http/http-error';
import type { PhoneVerificationService } from '../src/sms/phone-verification';
import { RecordingSmsSender, SettableClock, startSmsFixture, type SmsFixture } from './helpers/sms-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * SMS pumping: paid codes sent to premium or satellite destinations, or one visitor cycling
 * numbers. Every refusal here must come before anything is spent: no code, no outbox row, no
 * daily count, nothing handed to the SMS port.
 */

let f: SmsFixture;
let clock: SettableClock;
let sender: RecordingSmsSender;
let verification: PhoneVerificationService;
beforeAll(async () => {
  f = await startSmsFixture();
}, START_TIMEOUT_MS);
afterAll(() => f.close());
beforeEach(() => {
  clock = new SettableClock('2026-05-04T09:00:00.000Z');
  sender = new RecordingSmsSender();
  verification = f.service({ clock, sender });
});

/**
 * Issues a code as the lobby would, but catches a refusal inside the transaction and commits it
 * anyway: whatever the refusal wrote before throwing would then stay.
 */
async function issue(joinRequestId: string, phoneInput: string, smsCountries: readonly string[] = ['IT']): Promise<HttpError | null> {
  const outcome = await f.db.withTenant(f.demoId, (tx) =>
    verification
      .issueCode(tx, { companyId: f.demoId, companyName: 'Demo', joinRequestId, phoneInput, ip: '203.0.113.50', now: clock.now(), smsCountries })
      .then(
        (issued) => ({ issued, error: null }),
        (error: unknown) => {
          if (error instanceof HttpError) return { issued: null, error };
          throw error;
        },
      ),
  );
  if (outcome.issued) await verification.deliver(f.demoId, outcome.issued.outboxId);
  return outcome.error;
}

/** What a send costs: codes, outbox rows, daily counts (all keys), messages handed to the port. */
async function spent() {
  const [codes] = await f.db.asOwner((tx) => tx.select({ n: count() }).from(phoneVerifications));
  const [outbox] = await f.db.asOwner((tx) => tx.select({ n: count() }).from(smsOutbox));
  const counters = await f.db.asOwner((tx) => tx.select({ key: smsSendCounters.key, count: smsSendCounters.count }).from(smsSendCounters));
  return { codes: codes!.n, outbox: outbox!.n, counted: counters.reduce((sum, row) => sum + row.count, 0), sent: sender.sent.length };
}

const countryRefusal = { statusCode: 400, field: 'phoneNumber', message: IT_LOBBY.errors.phoneCountryNotAllowed };

describe('SMS destinations: only the countries the company allows', () => {
  it('with Italy allowed, an Italian mobile gets its code and the numbers of the pumping report are refused', async () => {
    expect(await issue(await f.joinRequest(f.demoId), '+39 333 123 4567')).toBeNull();
    const before = await spent();
    // Somalia, Syria, Russia, Papua New Guinea: valid mobile numbers, none of them Italian.
    for (const number of ['+252 61 2345678', '+963 944 567 890', '+7 916 123-45-67', '+675 7012 3456']) {
      expect(await issue(await f.joinRequest(f.demoId), number)).toMatchObject(countryRefusal);
    }
    expect(await spent()).toEqual(before);
  });

  it('a country becomes reachable only once listed, matched by region (not by calling code)', async () => {
    const swiss = '+41 79 123 45 67';
    expect(await issue(await f.joinRequest(f.demoId), swiss)).toMatchObject(countryRefusal);
    expect(await issue(await f.joinRequest(f.demoId), swiss, ['IT', 'CH'])).toBeNull();
    expect(sender.sent.map((message) => message.to)).toEqual(['+41791234567']);
    // +44 7911 is Guernsey's, not Great Britain's: the region decides.
    expect(await issue(await f.joinRequest(f.demoId), '+44 7911 123456', ['GB'])).toMatchObject(countryRefusal);
    expect(await issue(await f.joinRequest(f.demoId), '+44 7400 123456', ['GB'])).toBeNull();
  });

  it('an empty list sends to nobody, an Italian number included', async () => {
    expect(await issue(await f.joinRequest(f.demoId), '333 123 4567', [])).toMatchObject(countryRefusal);
    expect(sender.sent).toEqual([]);
  });

  it('never sends to non-geographic numbers (satellite networks), even with every country listed', async () => {
    const everyCountry = getCountries();
    const before = await spent();
    // Inmarsat (+870) and Iridium (+881 6): valid "mobile" numbers of no country.
    for (const number of ['+870 773 111 111', '+881 631 234 567']) {
      expect(await issue(await f.joinRequest(f.demoId), number, everyCountry)).toMatchObject(countryRefusal);
    }
    expect(await spent()).toEqual(before);
  });

  it('ignores codes in the list that are not countries (lower case, calling codes, libphonenumber 001)', async () => {
    for (const listed of [['it'], ['39'], ['001'], ['870']]) {
      expect(await issue(await f.joinRequest(f.demoId), '333 123 4567', listed)).toMatchObject(countryRefusal);
    }
    expect(sender.sent).toEqual([]);
  });
});

describe('one request cannot cycle numbers', () => {
  const tooMany = { statusCode: 429, field: 'phoneNumber', message: IT_LOBBY.errors.tooManyPhoneNumbers };
  const next = () => clock.advance(LOBBY_RULES.codeResendMs);

  it(`allows ${LOBBY_RULES.codePhoneNumbersMax} different numbers per request, any of them again, and refuses a third with nothing spent`, async () => {
    expect(LOBBY_RULES.codePhoneNumbersMax).toBe(2);
    const requestId = await f.joinRequest(f.demoId);
    expect(await issue(requestId, '333 100 0001')).toBeNull();
    next();
    expect(await issue(requestId, '333 100 0002')).toBeNull();
    next();
    expect(await issue(requestId, '+39 333 100 0001')).toBeNull();
    next();
    const before = await spent();
    expect(await issue(requestId, '333 100 0003')).toMatchObject(tooMany);
    expect(await spent()).toEqual(before);
    // The refusal did not start the resend pause either: a known number passes at once.
    expect(await issue(requestId, '333 100 0002')).toBeNull();
    expect(sender.sent.map((message) => message.to)).toEqual(['+393331000001', '+393331000002', '+393331000001', '+393331000002']);
  });

  it('counts numbers per request: another request of the same visitor address starts afresh', async () => {
    const first = await f.joinRequest(f.demoId);
    expect(await issue(first, '333 200 0001')).toBeNull();
    next();
    expect(await issue(first, '333 200 0002')).toBeNull();
    next();
    expect(await issue(first, '333 200 0003')).toMatchObject(tooMany);
    expect(await issue(await f.joinRequest(f.demoId), '333 200 0003')).toBeNull();
  });

  it('a number refused for its country does not use up one of the two places', async () => {
    const requestId = await f.joinRequest(f.demoId);
    expect(await issue(requestId, '+41 79 123 45 67')).toMatchObject(countryRefusal);
    expect(await issue(requestId, '333 300 0001')).toBeNull();
    next();
    expect(await issue(requestId, '333 300 0002')).toBeNull();
    const rows = await f.db.withTenant(f.demoId, (tx) =>
      tx.select({ phone: phoneVerifications.phoneNumber }).from(phoneVerifications).where(eq(phoneVerifications.joinRequestId, requestId)),
    );
    expect(rows.map((row) => row.phone).sort()).toEqual(['+393333000001', '+393333000002']);
  });
});
