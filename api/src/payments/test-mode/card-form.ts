import { randomBytes } from 'node:crypto';
import type { Money } from '@incontra/contracts/api/subscription';
import { TEST_CARDS, type TestAuthentication, type TestCardAnswer, type TestCardBody } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { ROUTES } from '@incontra/contracts/routes';
import type { Clock } from '../../common/clock';
import type { Database, Tx } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { cardBehaviour, cardBrand, cardDigits, passesLuhn, readExpiry } from './cards';
import { hashSecret } from './gateway';
import { answerAuthentication, findSetupIntent, findTestCard, insertTestCard, useSetupIntent, type TestCardRow } from './repository';

/** A setup intent's client secret is the card form's capability for this long. */
export const SETUP_INTENT_TTL_MS = 60 * 60_000;
const TOKEN_BYTES = 18;

export interface TestCardFormDeps {
  db: Database;
  clock: Clock;
  /** Who asks for the authentication of a card set up for the subscription (the seller). */
  merchant: string;
  vatRate: number;
  /** Hears, in the answer's transaction, a card's authentication answered (a customer payment's is then paid or failed). */
  onAuthenticationAnswered?: (tx: Tx, companyId: string, card: TestCardRow) => Promise<void>;
}

/**
 * The test mode's card form, on the company's own site: the card typed in is confirmed against a
 * setup intent (its client secret, valid SETUP_INTENT_TTL_MS, used once a card succeeded), and a
 * card that asks for authentication is answered on our confirmation page. Only the last four
 * digits, the brand and the expiry are kept.
 */
export class TestCardForm {
  constructor(private readonly deps: TestCardFormDeps) {}

  confirm(companyId: string, body: TestCardBody): Promise<TestCardAnswer> {
    const now = this.deps.clock();
    return this.deps.db.withTenant(companyId, async (tx) => {
      const intent = await findSetupIntent(tx, companyId, hashSecret(body.clientSecret));
      if (!intent || intent.usedAt || now.getTime() - intent.createdAt.getTime() > SETUP_INTENT_TTL_MS) {
        throw new HttpError(400, IT_BILLING.testMode.secretInvalid, 'clientSecret');
      }
      const digits = cardDigits(body.cardNumber);
      if (!passesLuhn(digits)) throw new HttpError(400, IT_BILLING.testMode.cardNumberInvalid, 'cardNumber');
      const expiry = readExpiry(body.expiry, now);
      if (!expiry) throw new HttpError(400, IT_BILLING.testMode.expiryInvalid, 'expiry');
      if (digits === TEST_CARDS.declined) throw new HttpError(402, IT_BILLING.testMode.cardDeclined, 'cardNumber');
      const behaviour = cardBehaviour(digits);
      const token = `tpm_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
      const authenticate = behaviour === 'authentication';
      await insertTestCard(tx, {
        token,
        companyId,
        customerId: intent.customerId,
        last4: digits.slice(-4),
        brand: cardBrand(digits),
        expMonth: expiry.month,
        expYear: expiry.year,
        behaviour,
        status: authenticate ? 'requires_action' : 'succeeded',
        purpose: 'setup',
        returnTo: ROUTES.billing,
        createdAt: now,
      });
      if (authenticate) return { status: 'requires_action', token, authenticationUrl: `${ROUTES.billingAuthentication}/${token}` };
      // Two confirmations of one secret at once: the second finds it used and leaves nothing.
      if (!(await useSetupIntent(tx, companyId, intent.id, now))) throw new HttpError(400, IT_BILLING.testMode.secretInvalid, 'clientSecret');
      return { status: 'succeeded', token };
    });
  }

  /** `companyName`: who asks when the card pays the company (a customer payment); else the seller. */
  async authentication(companyId: string, token: string, companyName?: string): Promise<TestAuthentication> {
    const row = await this.deps.db.withTenant(companyId, (tx) => findTestCard(tx, companyId, token));
    if (!row) throw new HttpError(404, IT_BILLING.testMode.authenticationNotFound);
    return this.toAuthentication(row, companyName);
  }

  /** Approves or refuses, once: a second answer is a 409 and changes nothing. */
  async answer(companyId: string, token: string, approve: boolean, companyName?: string): Promise<TestAuthentication> {
    const row = await this.deps.db.withTenant(companyId, async (tx) => {
      const answered = await answerAuthentication(tx, companyId, token, approve);
      if (answered) {
        await this.deps.onAuthenticationAnswered?.(tx, companyId, answered);
        return answered;
      }
      if (await findTestCard(tx, companyId, token)) throw new HttpError(409, IT_BILLING.testMode.authenticationAnswered);
      throw new HttpError(404, IT_BILLING.testMode.authenticationNotFound);
    });
    return this.toAuthentication(row, companyName);
  }

  private toAuthentication(row: TestCardRow, companyName: string | undefined): TestAuthentication {
    // A payment without a customer of ours is a customer's payment to the company.
    const paysCompany = row.purpose === 'payment' && row.customerId === null;
    return {
      status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending',
      merchant: paysCompany && companyName ? companyName : this.deps.merchant,
      last4: row.last4,
      amount: row.amountTotal === null ? null : this.splitTotal(row.amountTotal),
      returnTo: row.returnTo ?? ROUTES.billing,
    };
  }

  /** A total with VAT back to its net and VAT (the test mode keeps only what is charged). */
  private splitTotal(total: number): Money {
    const net = Math.round((total * 100) / (100 + this.deps.vatRate));
    return { net, vat: total - net, total };
  }
}
