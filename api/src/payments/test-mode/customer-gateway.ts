import { createHash, randomUUID } from 'node:crypto';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import type { Clock } from '../../common/clock';
import { afterCommit, type Database, type Tx } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { checkCreateInput, checkKey } from '../customer-payment-input';
import type {
  CreateCustomerPayment,
  CreatedCustomerPayment,
  CustomerPaymentAccount,
  CustomerPaymentEvent,
  CustomerPaymentEvents,
  CustomerPaymentGateway,
  CustomerPaymentRef,
  CustomerPaymentState,
} from '../customer-payments';
import { hashSecret } from './gateway';
import {
  addRefund,
  cancelCustomerPayment,
  findCustomerPayment,
  findCustomerPaymentByKey,
  findRefund,
  insertCustomerPayment,
  type TestCustomerPaymentRow,
} from './customer-repository';

/*
 * The customer payment port in the built-in test mode: a payment is a row of
 * test_customer_payments, paid by the customer on our card form (customer-card-form.ts) with
 * Stripe's public test cards; nothing is charged. What a payment learns after its creation (paid,
 * failed, refunded) is dispatched through the router once its transaction has committed, never
 * when it rolls back.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment's client secret, the customer's card form capability. Only its hash is stored; it is
 * derived from the payment's random id (122 bits, never shown but inside this secret), the company
 * and the idempotency key, so that a create retried with the same key answers the same secret, as
 * Stripe's does, without the secret itself being kept.
 */
function clientSecretOf(row: Pick<TestCustomerPaymentRow, 'id' | 'companyId' | 'idempotencyKey'>): string {
  const proof = createHash('sha256').update(`test-customer-payment:${row.companyId}:${row.idempotencyKey}:${row.id}`).digest('base64url').slice(0, 32);
  return `tcps_${row.id.replace(/-/g, '')}_secret_${proof}`;
}

/** The port's view of a row: `requires_action` (an authentication waiting) is still pending. */
export function toCustomerPaymentState(row: TestCustomerPaymentRow): CustomerPaymentState {
  const status = row.status === 'requires_action' ? 'pending' : (row.status as CustomerPaymentState['status']);
  return {
    status,
    amountReceived: row.status === 'paid' ? row.amount : 0,
    amountRefunded: row.amountRefunded,
    paidAt: row.paidAt,
    last4: row.last4,
  };
}

export function refOf(row: TestCustomerPaymentRow): CustomerPaymentRef {
  return { companyId: row.companyId, accountId: null, paymentId: row.id };
}

/** Registers the event's dispatch for once `tx` has committed (dropped when it rolls back). */
export function dispatchAfterCommit(tx: Tx, events: CustomerPaymentEvents, row: TestCustomerPaymentRow, kind: CustomerPaymentEvent['kind'], id: string): void {
  const event: CustomerPaymentEvent = { kind, id, purpose: row.purpose as CustomerPaymentEvent['purpose'], reference: row.reference, ref: refOf(row) };
  afterCommit(tx, () => events.dispatch(event));
}

export interface TestCustomerPaymentsDeps {
  db: Database;
  clock: Clock;
  events: CustomerPaymentEvents;
}

export class TestCustomerPayments implements CustomerPaymentGateway {
  readonly mode = 'test' as const;

  constructor(private readonly deps: TestCustomerPaymentsDeps) {}

  async account(): Promise<CustomerPaymentAccount> {
    return { canTakePayments: true, accountId: null, detailsSubmitted: true };
  }

  async onboardingLink(): Promise<{ url: string }> {
    throw new HttpError(409, IT_CUSTOMER_PAYMENTS.noOnboardingInTestMode);
  }

  async create(input: CreateCustomerPayment): Promise<CreatedCustomerPayment> {
    checkCreateInput(input);
    const row = await this.deps.db.withTenant(input.companyId, async (tx) => {
      const id = randomUUID();
      const clientSecret = clientSecretOf({ id, companyId: input.companyId, idempotencyKey: input.idempotencyKey });
      await insertCustomerPayment(tx, {
        id,
        companyId: input.companyId,
        purpose: input.purpose,
        reference: input.reference,
        amount: input.amount,
        description: input.description,
        receiptEmail: input.receiptEmail,
        idempotencyKey: input.idempotencyKey,
        clientSecretHash: hashSecret(clientSecret),
        createdAt: this.deps.clock(),
      });
      return (await findCustomerPaymentByKey(tx, input.companyId, input.idempotencyKey))!;
    });
    // As Stripe: a key replayed with other parameters is the caller's mistake, not the same payment.
    if (row.amount !== input.amount || row.purpose !== input.purpose || row.reference !== input.reference) {
      throw new Error(`Idempotency key ${input.idempotencyKey} was used for another payment`);
    }
    return { ...refOf(row), clientSecret: clientSecretOf(row), publishableKey: null, stripeAccount: null };
  }

  async retrieve(ref: CustomerPaymentRef): Promise<CustomerPaymentState> {
    const row = await this.deps.db.withTenant(ref.companyId, (tx) => this.find(tx, ref));
    return toCustomerPaymentState(row);
  }

  async cancel(ref: CustomerPaymentRef): Promise<CustomerPaymentState> {
    const row = await this.deps.db.withTenant(ref.companyId, async (tx) => {
      const canceled = UUID.test(ref.paymentId) ? await cancelCustomerPayment(tx, ref.companyId, ref.paymentId) : null;
      return canceled ?? (await this.find(tx, ref));
    });
    return toCustomerPaymentState(row);
  }

  async refund(input: { ref: CustomerPaymentRef; amount?: number; idempotencyKey: string }): Promise<CustomerPaymentState> {
    const { ref, idempotencyKey } = input;
    checkKey(idempotencyKey);
    if (input.amount !== undefined && (!Number.isInteger(input.amount) || input.amount < 1))
      throw new HttpError(400, IT_CUSTOMER_PAYMENTS.refundInvalid, 'amount');
    const row = await this.deps.db.withTenant(ref.companyId, async (tx) => {
      // The payment's row locked first: two refunds of one payment are made one after the other.
      const payment = await this.find(tx, ref, true);
      const known = await findRefund(tx, ref.companyId, idempotencyKey);
      if (known) {
        if (known.paymentId !== payment.id) throw new Error(`Refund key ${idempotencyKey} was used for another payment`);
        return payment;
      }
      if (payment.status !== 'paid') throw new HttpError(409, IT_CUSTOMER_PAYMENTS.notRefundable);
      const amount = input.amount ?? payment.amount - payment.amountRefunded;
      if (amount < 1) throw new HttpError(409, IT_CUSTOMER_PAYMENTS.refundTooLarge);
      const refunded = await addRefund(tx, { companyId: ref.companyId, paymentId: payment.id, idempotencyKey, amount, at: this.deps.clock() });
      if (!refunded) throw new HttpError(409, IT_CUSTOMER_PAYMENTS.refundTooLarge, 'amount');
      const eventId = `test:payment.refunded:${payment.id}:${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
      dispatchAfterCommit(tx, this.deps.events, refunded, 'payment.refunded', eventId);
      return refunded;
    });
    return toCustomerPaymentState(row);
  }

  private async find(tx: Tx, ref: CustomerPaymentRef, forUpdate = false): Promise<TestCustomerPaymentRow> {
    const row = UUID.test(ref.paymentId) ? await findCustomerPayment(tx, ref.companyId, ref.paymentId, { forUpdate }) : null;
    if (!row) throw new HttpError(404, IT_CUSTOMER_PAYMENTS.paymentNotFound);
    return row;
  }
}
