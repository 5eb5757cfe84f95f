import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { HttpError } from '../../http/http-error';
import type { StripeSubscriptionGateway } from './stripe-gateway';
import { storableEvent, type StripeWebhookInbox } from './webhook-inbox';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are a few KiB; anything near this is not one of them. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface StripeWebhookOptions {
  /** The adapter: its client checks the signature. */
  stripe: Pick<StripeSubscriptionGateway, 'stripe'>;
  /** STRIPE_WEBHOOK_SECRET, the platform endpoint's signing secret. */
  webhookSecret: string;
  /** STRIPE_CONNECT_WEBHOOK_SECRET, the connected accounts' endpoint's (tried after the first); null: only the first. */
  connectWebhookSecret?: string | null;
  /** Where a verified event is kept (webhook-inbox.ts). */
  inbox: Pick<StripeWebhookInbox, 'store'>;
  /** Called, not awaited, once a new event is stored: the worker's wake-up (none: the worker's timer or a test runs it). */
  onStored?: () => void;
  /** The clock the signature's age is measured with (the app's). */
  now?: () => Date;
}

/**
 * `POST /api/stripe/webhook`. A plain (encapsulated) plugin: the raw-body parser below serves only
 * this route, the rest of the API keeps its JSON parser.
 *
 * The request only verifies and stores; the work is the inbox worker's (webhook-inbox.ts), so the
 * answer is fast and nothing is lost:
 * 1. the signature, over the exact bytes received (bounded by STRIPE_WEBHOOK_BODY_LIMIT; Stripe's
 *    default tolerance of 5 minutes against replays of old deliveries), tried with each endpoint's
 *    secret in turn: missing or wrong → 400, nothing read, nothing written;
 * 2. the event stored in `stripe_events` (id, type, connected account, what processing needs of
 *    its object), due at once, with ON CONFLICT (id) DO NOTHING: a redelivery, or two racing, is
 *    one conflicting insert; a database failure answers 5xx and Stripe delivers again;
 * 3. 200 at once; a new event wakes the worker after the answer (never awaited here).
 * Then, in the background, the worker claims the event (a lease), re-reads its object at Stripe
 * (never trusting the event's copy nor the order of deliveries), translates it into the domain's
 * event whose id names the fact (the invoice paid, the attempt failed, the subscription ended, a
 * customer payment's news) and hands it to the billing sink, or, for an event naming a connected
 * account, to the customer payment router; both apply each fact once. Then it marks the event
 * processed; a failure is tried again later (backoff), the row kept.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const secrets = [options.webhookSecret, ...(options.connectWebhookSecret ? [options.connectWebhookSecret] : [])];

  app.post(STRIPE_WEBHOOK_PATH, { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, config: { csrfExempt: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw new HttpError(400, IT_BILLING.stripe.webhookSignatureInvalid);
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
    if (!storableEvent(event)) {
      // Signed, so Stripe's; nothing to keep, and a redelivery would not change that.
      request.log.warn({ type: typeof event.type === 'string' ? event.type.slice(0, 200) : null }, 'Stripe event without a usable id, acknowledged');
      return { received: true };
    }
    if (await options.inbox.store(event)) options.onStored?.();
    return { received: true };
  });
};
