import { queryOptions, useQuery } from '@tanstack/react-query';
import { posRequestViewSchema, type PosRequestView } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { isApiStatus } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** What Stripe adds to the return address after a payment confirmed away from the page (a bank's page). */
export const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;
export type StripeReturn = Partial<Record<(typeof STRIPE_RETURN_PARAMS)[number], string>>;

/** The request's parameters: its token, and Stripe's when the customer comes back from it. */
function query(token: string, stripeReturn: StripeReturn = {}): string {
  return new URLSearchParams({ ...stripeReturn, token }).toString();
}

/** GET /api/pos/request?token=: the request as its customer sees it (404 for a token nobody issued). */
export function getPaymentRequest(token: string, signal?: AbortSignal): Promise<PosRequestView> {
  return apiRequest(`/api/pos/request?${query(token)}`, { schema: posRequestViewSchema, signal });
}

/**
 * GET /api/pos/verify/?token=: the API asks the payment provider again and records a payment made
 * (a GET that changes state: sent with the CSRF header, as the API asks of one).
 */
export function verifyPayment(token: string, stripeReturn?: StripeReturn, signal?: AbortSignal): Promise<PosRequestView> {
  return apiRequest(`/api/pos/verify/?${query(token, stripeReturn)}`, { schema: posRequestViewSchema, signal, csrf: true });
}

export const paymentRequestKey = (companyId: string, token: string) => ['company', companyId, 'pos-requests', token] as const;

/** A link that is wrong stays wrong; a failure of the network or the server is tried once more. */
function retryUnlessRefused(failures: number, error: unknown): boolean {
  return failures < 1 && !isApiStatus(error, 400) && !isApiStatus(error, 404);
}

/** The page's read: back from Stripe, the verification is the read (it sees the payment Stripe made). */
export function usePaymentRequest(token: string, stripeReturn: StripeReturn | null) {
  const { company } = useMfeProps();
  return useQuery(
    queryOptions({
      queryKey: paymentRequestKey(company.id, token),
      queryFn: ({ signal }) => (stripeReturn ? verifyPayment(token, stripeReturn, signal) : getPaymentRequest(token, signal)),
      retry: retryUnlessRefused,
      refetchOnWindowFocus: false,
    }),
  );
}
