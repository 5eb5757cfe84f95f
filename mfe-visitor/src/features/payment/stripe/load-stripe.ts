import type { Stripe } from '@stripe/stripe-js';

/** Loads Stripe.js for a key, on the company's connected account; a stand-in in tests (Stripe.js loads from Stripe's servers). */
export type StripeLoader = (publishableKey: string, stripeAccount: string | null) => Promise<Stripe | null>;

/** Stripe.js's script is fetched from Stripe only when a request is paid through Stripe: a chunk of its own. */
export const loadStripeLazily: StripeLoader = async (publishableKey, stripeAccount) => {
  const { loadStripe } = await import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js/pure');
  return loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined);
};

/** Stripe.js comes from Stripe's servers: a page that waits for it says so after this long. */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
