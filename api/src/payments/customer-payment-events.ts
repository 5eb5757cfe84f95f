import type { FastifyBaseLogger } from 'fastify';
import type { CustomerPaymentEvent, CustomerPaymentEventHandler, CustomerPaymentEvents, CustomerPaymentPurpose } from './customer-payments';

/**
 * `app.customerPaymentEvents`: hands each event of the customer payment port to the handler of its
 * purpose, one handler per purpose (registered by the owning domain's plugin as it starts). An
 * event whose purpose has no handler is logged and dropped: the domain re-reads the provider when
 * it next looks at the payment. A handler's failure reaches the caller (the webhook answers 5xx
 * and Stripe delivers again; an after-commit effect logs it).
 */
export class CustomerPaymentEventRouter implements CustomerPaymentEvents {
  private readonly handlers = new Map<CustomerPaymentPurpose, CustomerPaymentEventHandler>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  on(purpose: CustomerPaymentPurpose, handler: CustomerPaymentEventHandler): void {
    if (this.handlers.has(purpose)) throw new Error(`A handler of the customer payments of purpose '${purpose}' is already registered`);
    this.handlers.set(purpose, handler);
  }

  async dispatch(event: CustomerPaymentEvent): Promise<void> {
    const handler = this.handlers.get(event.purpose);
    if (!handler) {
      this.log.warn({ customerPaymentEvent: event.id, kind: event.kind, purpose: event.purpose }, 'Customer payment event without a handler, dropped');
      return;
    }
    await handler(event);
  }
}
