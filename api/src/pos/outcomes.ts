import { formatEuro } from '@incontra/contracts/money';
import { IT_POS_MAIL } from '@incontra/contracts/messages/it-pos-mail';
import { whenText } from '@incontra/contracts/messages/it-when';
import type { Clock } from '../common/clock';
import { afterCommit, type Database } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { CustomerPaymentEvent, CustomerPaymentGateway, CustomerPaymentState } from '../payments/customer-payments';
import { findCompanyFace, findPayment, markPaid, type PaymentRow } from './repository';
import { refOf } from './views';

/** Tells the staff screens of a store that one of its requests changed (after the commit). */
export interface PosNotifier {
  changed(companyId: string, storeId: string | null, paymentId: string): void;
}

export interface PosOutcomeDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  gateway: CustomerPaymentGateway;
  notifier: PosNotifier;
}

/**
 * What the provider says of a request's payment, recorded. The provider is the truth: a verify
 * (staff's or the customer's), the provider's event and the sweep re-read it and apply it, and
 * none of them can make a request paid that the provider has not been paid for. Paid is a
 * compare-and-set on the row, so whatever the retries and parallel calls it happens once, with
 * one receipt e-mail and one notice.
 */
export class PosOutcomes {
  constructor(private readonly deps: PosOutcomeDeps) {}

  /** Re-reads the provider for a request not yet paid and records a payment it holds; answers the request as it then stands. */
  async settle(companyId: string, row: PaymentRow): Promise<PaymentRow> {
    if (row.status === 'paid') return row;
    const state = await this.deps.gateway.retrieve(refOf(companyId, row));
    if (state.status !== 'paid') return row;
    await this.recordPaid(companyId, row.id, state);
    return (await this.deps.db.withTenant(companyId, (tx) => findPayment(tx, companyId, row.id, null))) ?? row;
  }

  /** The provider's event for a request (`reference`): re-read, never trusted as it came. */
  async onEvent(event: CustomerPaymentEvent): Promise<void> {
    if (event.kind !== 'payment.succeeded') return; // a decline leaves the request open; the point of sale makes no refunds
    const { companyId } = event.ref;
    const row = await this.deps.db.withTenant(companyId, (tx) => findPayment(tx, companyId, event.reference, null));
    // Not ours (another reference, or an event about another payment than the request's): nothing to do.
    if (!row || row.providerPaymentId !== event.ref.paymentId) return;
    await this.settle(companyId, row);
  }

  /** Paid, once: the row, the receipt e-mail to the customer (if an address was given) and the notice, in one transaction. */
  async recordPaid(companyId: string, id: string, state: CustomerPaymentState): Promise<boolean> {
    const { db, clock, mailer, notifier, gateway } = this.deps;
    return db.withTenant(companyId, async (tx) => {
      const paidAt = state.paidAt ?? clock();
      if (!(await markPaid(tx, companyId, id, paidAt, state.last4))) return false;
      const row = await findPayment(tx, companyId, id, null);
      if (!row) return false;
      const company = await findCompanyFace(tx, companyId);
      if (row.email && company) {
        const amount = formatEuro(row.amount);
        const text = IT_POS_MAIL.receiptText(company.name, row.storeName, amount, row.description, whenText(paidAt, company.timeZone), state.last4);
        await enqueueMail(tx, mailer, companyId, {
          to: row.email,
          subject: IT_POS_MAIL.receiptSubject(company.name, amount),
          text: gateway.mode === 'test' ? `${text}\n\n${IT_POS_MAIL.testModeNote}` : text,
        });
      }
      afterCommit(tx, () => notifier.changed(companyId, row.storeId, id));
      return true;
    });
  }
}
