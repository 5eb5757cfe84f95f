import * as z from 'zod/mini';
import {
  testAuthenticationBodySchema,
  testAuthenticationSchema,
  testCardAnswerSchema,
  testCardBodySchema,
  testPayAnswerSchema,
  testPayBodySchema,
} from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import type { ZodPluginAsync } from '../../http/zod-type-provider';
import { registerPublicRoutes } from '../../tenancy/public-scope';
import type { TenancyService } from '../../tenancy/service';
import type { TestCardForm } from './card-form';
import type { TestCustomerCardForm } from './customer-card-form';

/** Card confirmations and authentication answers per address and minute. */
export const TEST_CARD_CALLS_PER_MINUTE = 30;
const TOKEN_MAX = 64;

const tokenParams = z.object({
  token: z.string({ error: IT_BILLING.testMode.authenticationNotFound }).check(z.maxLength(TOKEN_MAX, IT_BILLING.testMode.authenticationNotFound)),
});

export interface TestPaymentRoutesOptions {
  cardForm: TestCardForm;
  /** The customers' card form of the company's own payments (point of sale, paid appointments). */
  customerCardForm: TestCustomerCardForm;
  tenancy: TenancyService;
}

/**
 * The test mode's card form on the company's site (public: the client secret, or the card's token,
 * is the capability; the company is the host's): the confirmation of a card typed in, a customer's
 * payment to the company, and the authentication page's read and answer.
 */
export const testPaymentRoutes: ZodPluginAsync<TestPaymentRoutesOptions> = async (app, { cardForm, customerCardForm, tenancy }) => {
  const limited = { config: { rateLimit: { max: TEST_CARD_CALLS_PER_MINUTE, timeWindow: 60_000 } } };
  await registerPublicRoutes(app, tenancy, async (scope) => {
    scope.post('/api/payments/test/confirm', { ...limited, schema: { body: testCardBodySchema, response: { 200: testCardAnswerSchema } } }, async (request) =>
      cardForm.confirm(request.company.id, request.body),
    );
    scope.post('/api/payments/test/pay', { ...limited, schema: { body: testPayBodySchema, response: { 200: testPayAnswerSchema } } }, async (request) =>
      customerCardForm.pay(request.company.id, request.body),
    );
    scope.get(
      '/api/payments/test/authentication/:token',
      { ...limited, schema: { params: tokenParams, response: { 200: testAuthenticationSchema } } },
      async (request) => cardForm.authentication(request.company.id, request.params.token, request.company.name),
    );
    scope.post(
      '/api/payments/test/authentication/:token',
      { ...limited, schema: { params: tokenParams, body: testAuthenticationBodySchema, response: { 200: testAuthenticationSchema } } },
      async (request) => cardForm.answer(request.company.id, request.params.token, request.body.approve, request.company.name),
    );
  });
};
