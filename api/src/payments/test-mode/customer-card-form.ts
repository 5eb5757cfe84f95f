import { randomBytes, randomUUID } from 'node:crypto';
import type { TestPayAnswer, TestPayBody } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import { ROUTES } from '@incontra/contracts/routes';
import type { Clock } from '../../common/clock';
import type { Database, Tx } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { CustomerPaymentEvents } from '../customer-payments';
import { cardBehaviour, cardBrand, cardDigits, passesLuhn, readExpiry } from './cards';
import { dispatchAfterCommit } from './customer-gateway';
import { answerCustomerAuthentication, findCustomerPaymentBySecret, movePayablePayment } from './customer-repository';
import { hashSecret } from './gateway';
import { insertTestCard, type TestCardRow } from './repository';

const TOKEN_BYTES = 18;

/** The customer's authentication page of a test-mode payment: /pagamento/autenticazione/{token}. */
export function customerAuthenticationUrl(token: string): string {
  return `${ROUTES.payment}/autenticazione/${token}`;
}

export interface TestCustomerCardFormDeps {
  db: Database;
  clock: Clock;
  events: CustomerPaymentEvents;
}

/**
 * The test mode's card form of a customer paying the company (POST /api/payments/test/pay): the
 * card typed in pays the payment of the client secret, with the meanings of Stripe's public test
 * cards. The card is checked as the subscription's form checks it (Luhn, expiry), and only its
 * last four digits are kept. The payment moves by compare-and-set from a status that may still be
 * paid: of two payments of one secret at once, one pays and the other is answered 409.
 */
export class TestCustomerCardForm {
  constructor(private readonly deps: TestCustomerCardFormDeps) {}

  async pay(companyId: string, body: TestPayBody): Promise<TestPayAnswer> {
    const now = this.deps.clock();
    const outcome = await this.deps.db.withTenant(companyId, async (tx): Promise<TestPayAnswer | 'declined'> => {
      const payment = await findCustomerPaymentBySecret(tx, companyId, hashSecret(body.clientSecret));
      if (!payment) throw new HttpError(404, IT_CUSTOMER_PAYMENTS.paymentNotFound, 'clientSecret');
      if (payment.status === 'paid') throw new HttpError(409, IT_CUSTOMER_PAYMENTS.alreadyPaid);
      if (payment.status === 'canceled') throw new HttpError(409, IT_CUSTOMER_PAYMENTS.notPayable);
      const digits = cardDigits(body.cardNumber);
      if (!passesLuhn(digits)) throw new HttpError(400, IT_BILLING.testMode.cardNumberInvalid, 'cardNumber');
      const expiry = readExpiry(body.expiry, now);
      if (!expiry) throw new HttpError(400, IT_BILLING.testMode.expiryInvalid, 'expiry');
      const last4 = digits.slice(-4);
      const behaviour = cardBehaviour(digits);
      const moved = (change: Parameters<typeof movePayablePayment>[3]) => this.move(tx, companyId, payment.id, change);

      if (behaviour === 'declined') {
        // The attempt's failure is kept (and told) even though the answer is a refusal.
        const failed = await moved({ status: 'failed', authenticationToken: null });
        dispatchAfterCommit(tx, this.deps.events, failed, 'payment.failed', `test:payment.failed:${payment.id}:${randomUUID()}`);
        return 'declined';
      }
      if (behaviour === 'authentication') {
        const token = `tpm_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
        await insertTestCard(tx, {
          token,
          companyId,
          customerId: null,
          last4,
          brand: cardBrand(digits),
          expMonth: expiry.month,
          expYear: expiry.year,
          behaviour,
          status: 'requires_action',
          purpose: 'payment',
          amountTotal: payment.amount,
          returnTo: body.returnTo,
          createdAt: now,
        });
        await moved({ status: 'requires_action', authenticationToken: token });
        return { status: 'requires_action', token, authenticationUrl: customerAuthenticationUrl(token) };
      }
      const paid = await moved({ status: 'paid', last4, paidAt: now, authenticationToken: null });
      dispatchAfterCommit(tx, this.deps.events, paid, 'payment.succeeded', `test:payment.succeeded:${payment.id}`);
      return { status: 'succeeded' };
    });
    if (outcome === 'declined') throw new HttpError(402, IT_CUSTOMER_PAYMENTS.cardDeclined, 'cardNumber');
    return outcome;
  }

  /**
   * The cardholder answered the authentication of a test_cards row (in the card form's
   * transaction): when it is a customer payment's, that payment is paid (approved) or failed
   * (refused), once, and its event dispatched after the commit.
   */
  async authenticationAnswered(tx: Tx, companyId: string, card: TestCardRow): Promise<void> {
    if (card.purpose !== 'payment' || card.customerId !== null) return;
    const approved = card.status === 'succeeded';
    const row = await answerCustomerAuthentication(tx, companyId, card.token, { approved, last4: card.last4, at: this.deps.clock() });
    if (!row) return;
    if (approved) dispatchAfterCommit(tx, this.deps.events, row, 'payment.succeeded', `test:payment.succeeded:${row.id}`);
    else dispatchAfterCommit(tx, this.deps.events, row, 'payment.failed', `test:payment.failed:${row.id}:${card.token}`);
  }

  private async move(tx: Tx, companyId: string, id: string, change: Parameters<typeof movePayablePayment>[3]) {
    const row = await movePayablePayment(tx, companyId, id, change);
    // Another attempt of the same secret paid it (or it was canceled) since it was read.
    if (!row) throw new HttpError(409, IT_CUSTOMER_PAYMENTS.alreadyPaid);
    return row;
  }
}
