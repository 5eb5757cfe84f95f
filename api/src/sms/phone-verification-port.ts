import type { Tx } from '../db/database';

export interface IssueCodeInput {
  companyId: string;
  companyName: string;
  joinRequestId: string;
  /** As the visitor typed it; normalised to E.164 (400 `phoneNumber` when it is not a number). */
  phoneInput: string;
  /** The caller's address, for the per-address daily limit. */
  ip: string;
  /** Where the company lets codes go (ISO 3166 alpha-2 regions, see `smsCountriesOf`); other numbers are 400. */
  smsCountries: readonly string[];
  now: Date;
}

export interface IssuedCode {
  phoneNumber: string;
  codeExpiresAt: Date;
  resendAfter: Date;
  /** The sms_outbox row to deliver once the caller's transaction has committed. */
  outboxId: string;
}

export type CodeCheck = { ok: true; phoneNumber: string } | { ok: false; reason: 'missing' | 'wrong' | 'expired' | 'attempts' };

/**
 * Phone verification for join requests. Both calls run inside the caller's tenant transaction.
 * `issueCode` throws HttpError (400 bad number or country; 429 a daily limit, the resend pause or
 * too many numbers for the request); a wrong code is a result, not a throw, so that the counted
 * attempt is committed before the caller answers 422.
 */
export interface PhoneVerification {
  issueCode(tx: Tx, input: IssueCodeInput): Promise<IssuedCode>;
  checkCode(tx: Tx, input: { companyId: string; joinRequestId: string; code: string; now: Date }): Promise<CodeCheck>;
  /** After commit: sends the outbox row through the SMS port (failures are recorded on the row, never thrown). */
  deliver(companyId: string, outboxId: string): Promise<void>;
  /** Sends the company's codes a stopped process left undelivered while they can still be used; answers how many. */
  redeliver(companyId: string): Promise<number>;
}
