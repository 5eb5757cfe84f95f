import { afterCommit, type Tx } from '../db/database';
import { parseMobileNumber } from './phone-number';
import { countSmsSend, type SmsDailyLimits, type SmsLimit } from './sms-send-limits';
import type { SmsOutbox } from './sms-outbox';

/*
 * What other domains may call of the sms domain inside their transaction: a text message to a
 * phone number typed by a person, with the defences verification codes have (the same daily
 * limits per number, per address and per company, counted in the same table; the company's
 * destination countries; mobile numbers only) and the same outbox (the row written in the
 * caller's transaction, delivered once it has committed, redelivered by the lobby's sweep when a
 * process stopped in between).
 */

/** The longest text a caller may enqueue: three concatenated SMS segments of the GSM alphabet. */
export const SMS_TEXT_MAX = 459;

export interface SmsTextInput {
  companyId: string;
  /** As typed (spaces, `+39…`, a national number of the default country). */
  phoneInput: string;
  body: string;
  /** The address of whoever asked for the send: the per-address daily limit. */
  ip: string;
  /** Where the company lets SMS go (ISO 3166 alpha-2 regions, `smsCountriesOf`). */
  smsCountries: readonly string[];
  now: Date;
}

/** Why a text was not enqueued: not a mobile number, a country the company does not serve, or a daily limit. */
export type SmsTextRefusal = 'number' | 'country' | SmsLimit;

export type SmsTextResult = { queued: true; phoneNumber: string; outboxId: string } | { queued: false; refusal: SmsTextRefusal };

/** app.smsTexts: the facade (its tests: api/test/pos-sms.test.ts). */
export interface SmsTexts {
  /**
   * In the caller's transaction: the text counted and written to the outbox, its delivery after
   * the commit (none after a rollback, whose counts are rolled back too); or, refused, nothing
   * counted nor written. Never throws for a refusal: the caller decides what it means.
   */
  enqueue(tx: Tx, input: SmsTextInput): Promise<SmsTextResult>;
}

export interface SmsTextOptions {
  outbox: SmsOutbox;
  limits: SmsDailyLimits;
  /** The keyed hashes' secret of the counters (the verification codes' own: one count per number). */
  codeSecret: string;
  defaultCountry: string;
}

export function createSmsTexts({ outbox, limits, codeSecret, defaultCountry }: SmsTextOptions): SmsTexts {
  return {
    async enqueue(tx, input) {
      if (input.body.length === 0 || input.body.length > SMS_TEXT_MAX) throw new Error(`An SMS text must have 1 to ${SMS_TEXT_MAX} characters`);
      const mobile = parseMobileNumber(input.phoneInput, defaultCountry);
      if (!mobile) return { queued: false, refusal: 'number' };
      // The region, not the calling code (sms-destinations.ts); a number of no region matches nothing.
      if (mobile.country === undefined || !input.smsCountries.includes(mobile.country)) return { queued: false, refusal: 'country' };
      const limit = await countSmsSend(tx, {
        secret: codeSecret,
        limits,
        phoneNumber: mobile.number,
        ip: input.ip,
        companyId: input.companyId,
        now: input.now,
      });
      if (limit) return { queued: false, refusal: limit };
      const outboxId = await outbox.enqueue(tx, input.companyId, { to: mobile.number, body: input.body });
      afterCommit(tx, () => outbox.deliver(input.companyId, outboxId));
      return { queued: true, phoneNumber: mobile.number, outboxId };
    },
  };
}
