import { paymentAccountSchema, paymentOnboardingSchema } from '@incontra/contracts/api/customer-payments';
import { ROUTES } from '@incontra/contracts/routes';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { CustomerPaymentGateway } from './customer-payments';

export interface PaymentAccountRoutesOptions {
  gateway: CustomerPaymentGateway;
}

/**
 * The admins' view of the company's account for its customers' payments (/admin/pagamenti):
 * whether it can take payments, and Stripe's onboarding link of its connected account (409 in the
 * test mode, where there is nothing to set up). Stripe's pages lead back to the same page.
 */
export const paymentAccountRoutes: ZodPluginAsync<PaymentAccountRoutesOptions> = async (app, { gateway }) => {
  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/payments/account', { schema: { response: { 200: paymentAccountSchema } } }, async (request) => ({
      paymentMode: gateway.mode,
      ...(await gateway.account(request.staff.company.id)),
    }));
    staff.post('/api/payments/account/onboarding', { schema: { response: { 200: paymentOnboardingSchema } } }, async (request) => {
      const { company, user, origin } = request.staff;
      const back = `${origin}${ROUTES.pos}`;
      return gateway.onboardingLink({ companyId: company.id, companyName: company.name, email: user.email, returnUrl: back, refreshUrl: back });
    });
  });
};
