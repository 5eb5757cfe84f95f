import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { Database } from '../../db/database';
import { stripeEvents } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { BillingEventSink } from '../subscription-gateway';
import type { CustomerPaymentEvents } from '../customer-payments';
import { translateConnectEvent } from './customer-events';
import { eventAccount, type StripeCustomerPayments } from './customer-gateway';
import { translateStripeEvent } from './stripe-events';
import type { StripeSubscriptionGateway } from './stripe-gateway';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are a few KiB; anything near this is not one of them. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface StripeWebhookOptions {
  /** The adapter: its client re-reads the event's object, its prices name the plan. */
  stripe: StripeSubscriptionGateway;
  /** STRIPE_WEBHOOK_SECRET, the endpoint's signing secret. */
  webhookSecret: string;
  sink: BillingEventSink;
  db: Database;
  /** The VAT rate of the plans (BILLING_VAT_RATE), for an invoice Stripe added no tax to. */
  vatRate: number;
  /** The clock the signature's age is measured with (the app's). */
  now?: () => Date;
  /**
   * The connected accounts' events (Connect: `event.account`), for the customer payment port:
   * STRIPE_CONNECT_WEBHOOK_SECRET (a second endpoint's signing secret, tried after the first; null:
   * only the first), the adapter that re-reads their objects, and the router they are handed to.
   */
  connect?: { webhookSecret: string | null; gateway: StripeCustomerPayments; events: CustomerPaymentEvents };
}

/**
 * `POST /api/stripe/webhook`. A plain (encapsulated) plugin: the raw-body parser below serves only
 * this route, the rest of the API keeps its JSON parser.
 *
 * Order of work, so that neither a replay nor a crash half-way gives two effects or none:
 * 1. the signature, over the exact bytes received (Stripe's default tolerance of 5 minutes against
 *    replays of old deliveries): missing or wrong → 400, nothing read, nothing written;
 * 2. an event id already in `stripe_events` → 200 at once (a redelivery);
 * 3. the object re-read from Stripe and translated into the domain's event, whose id names the fact
 *    (the invoice paid, the attempt failed, the subscription ended), not the delivery;
 * 4. the sink applies it: it applies each domain event id once, so two deliveries racing past
 *    step 2, or two event types for one fact, still give one effect;
 * 5. only then the event id is recorded. A failure in 3–5 answers 5xx and records nothing: Stripe
 *    delivers again and the work is redone, idempotently.
 *
 * Two endpoints deliver here: the platform's own (STRIPE_WEBHOOK_SECRET: the subscription's
 * events, to the billing sink) and the connected accounts' (STRIPE_CONNECT_WEBHOOK_SECRET: events
 * carrying `account`, the companies' customer payments and account updates, to the customer
 * payment router). The signature is tried with each secret in turn; an event is routed by whether
 * it names a connected account. A customer payment's handler applies each fact once on its own
 * row (compare-and-set), as the billing sink does.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const alreadyRecorded = (id: string) =>
    options.db.withoutTenant(async (tx) => (await tx.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id))).length > 0);

  const record = (event: Stripe.Event) =>
    options.db.withoutTenant((tx) =>
      tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type.slice(0, 200), receivedAt: now() })
        .onConflictDoNothing({ target: stripeEvents.id }),
    );

  app.post(STRIPE_WEBHOOK_PATH, { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, config: { csrfExempt: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw new HttpError(400, IT_BILLING.stripe.webhookSignatureInvalid);
    const secrets = [options.webhookSecret, ...(options.connect?.webhookSecret ? [options.connect.webhookSecret] : [])];
    let event: Stripe.Event | null = null;
    for (const secret of secrets) {
      try {
        event = options.stripe.stripe.webhooks.constructEvent(raw, signature, secret, undefined, undefined, now().getTime());
        break;
      } catch {
        // Not signed with this secret: the next one, if any.
      }
    }
    if (!event) throw new HttpError(400, IT_BILLING.stripe.webhookSignatureInvalid);
    if (await alreadyRecorded(event.id)) return { received: true };
    if (eventAccount(event) !== null && options.connect) {
      const translation = await translateConnectEvent(options.connect.gateway, event);
      if ('event' in translation) {
        await options.connect.events.dispatch(translation.event);
        request.log.info({ stripeEvent: event.id, type: event.type, customerPaymentEvent: translation.event.id }, 'Stripe Connect event dispatched');
      } else if ('account' in translation) {
        request.log.info({ stripeEvent: event.id, type: event.type, account: translation.account }, 'Stripe Connect account refreshed');
      } else {
        request.log.info({ stripeEvent: event.id, type: event.type, reason: translation.ignored }, 'Stripe Connect event ignored');
      }
      await record(event);
      return { received: true };
    }
    const translation = await translateStripeEvent(options.stripe, event, options.vatRate);
    if ('event' in translation) {
      const outcome = await options.sink.apply(translation.event);
      request.log.info({ stripeEvent: event.id, type: event.type, domainEvent: translation.event.id, outcome }, 'Stripe event applied');
    } else {
      request.log.info({ stripeEvent: event.id, type: event.type, reason: translation.ignored }, 'Stripe event ignored');
    }
    await record(event);
    return { received: true };
  });
};
