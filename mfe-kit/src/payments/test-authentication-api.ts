import { testAuthenticationSchema, type TestAuthentication } from '@incontra/contracts/api/test-payments';
import { apiRequest } from '@incontra/contracts/http';

const path = (token: string) => `/api/payments/test/authentication/${encodeURIComponent(token)}`;

/** GET /api/payments/test/authentication/{token}: who asks to authorise which card, for how much. */
export function getTestAuthentication(token: string, signal?: AbortSignal): Promise<TestAuthentication> {
  return apiRequest(path(token), { schema: testAuthenticationSchema, signal });
}

/** POST /api/payments/test/authentication/{token} {approve}: the cardholder's answer. */
export function answerTestAuthentication(token: string, approve: boolean): Promise<TestAuthentication> {
  return apiRequest(path(token), { method: 'POST', body: { approve }, schema: testAuthenticationSchema });
}
