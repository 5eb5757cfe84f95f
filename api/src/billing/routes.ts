import { billingDataAnswerSchema, billingDataSchema } from '@incontra/contracts/api/billing-data';
import {
  cancelBodySchema,
  checkoutBodySchema,
  checkoutPreviewBodySchema,
  checkoutPreviewSchema,
  companyPaymentsSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  setupIntentSchema,
  subscriptionSchema,
} from '@incontra/contracts/api/subscription';
import type { Authenticate } from '../auth/authenticate';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { BillingService } from './service';

/** Setup intents (card forms opened) per address and minute. */
export const SETUP_INTENTS_PER_MINUTE = 30;

export interface BillingRoutesOptions {
  billing: BillingService;
  authenticate: Authenticate;
}

/** The subscription's calls: the summary for every staff member, the rest for admins (route-permissions). */
export const billingRoutes: ZodPluginAsync<BillingRoutesOptions> = async (app, { billing, authenticate }) => {
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/subscription', { schema: { response: { 200: subscriptionSchema } } }, async (request) => billing.subscription(request.staff.company.id));

    staff.get('/api/subscription/billing', { schema: { response: { 200: billingDataAnswerSchema } } }, async (request) =>
      billing.billingData(request.staff.company.id),
    );
    staff.post('/api/subscription/billing', { schema: { body: billingDataSchema, response: { 200: billingDataAnswerSchema } } }, async (request) =>
      billing.saveBillingData(request.staff, request.body),
    );

    staff.get('/api/subscription/payment', { schema: { response: { 200: paymentAnswerSchema } } }, async (request) => billing.card(request.staff.company.id));
    staff.post('/api/subscription/payment', { schema: { body: paymentBodySchema, response: { 200: paymentAnswerSchema } } }, async (request) =>
      billing.saveCard(request.staff, request.body.stripeToken),
    );
    // A GET that writes (the customer the first time, a setup intent each time, as the spec names it): bounded per address.
    staff.get(
      '/api/subscription/setup-intent',
      { config: { rateLimit: { max: SETUP_INTENTS_PER_MINUTE, timeWindow: 60_000 } }, schema: { response: { 200: setupIntentSchema } } },
      async (request) => billing.setupIntent(request.staff),
    );

    staff.post(
      '/api/subscription/checkout-preview',
      { schema: { body: checkoutPreviewBodySchema, response: { 200: checkoutPreviewSchema } } },
      async (request) => billing.preview(request.staff.company.id, request.body.plan),
    );
    staff.post('/api/subscription/checkout', { schema: { body: checkoutBodySchema, response: { 200: subscriptionSchema } } }, async (request) =>
      billing.checkout(request.staff, request.body.plan, request.body.prorationDate),
    );
    staff.post('/api/subscription/cancel', { schema: { body: cancelBodySchema, response: { 200: subscriptionSchema } } }, async (request) =>
      billing.cancel(request.staff, request.body.undo === true),
    );

    staff.get('/api/payments/company', { schema: { response: { 200: companyPaymentsSchema } } }, async (request) => billing.invoices(request.staff.company.id));
  });
};
