/*
 * Loading Stripe.js, written once for every remote that takes a card through Stripe. The kit never
 * imports @stripe: a remote hands over its own dynamic import of `@stripe/stripe-js/pure` (the
 * chunk stays that remote's, fetched only when a Stripe form opens), and `S` is the Stripe
 * instance that import gives.
 */

/** Loads Stripe.js for a key, on a connected account when one is named; a stand-in in tests (Stripe.js loads from Stripe's servers). */
export type StripeLoader<S> = (publishableKey: string, stripeAccount?: string | null) => Promise<S | null>;

/** What a remote's `import('@stripe/stripe-js/pure')` gives, as far as loading goes. */
export interface StripeJsModule<S> {
  loadStripe(publishableKey: string, options?: { stripeAccount: string }): Promise<S | null>;
}

/** A loader that imports Stripe.js (through the remote's own dynamic import) at its first call. */
export function lazyStripeLoader<S>(importStripeJs: () => Promise<StripeJsModule<S>>): StripeLoader<S> {
  return async (publishableKey, stripeAccount) => {
    const { loadStripe } = await importStripeJs();
    return loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined);
  };
}

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

/** Stripe.js once loaded, or null when it failed or did not come within STRIPE_LOAD_TIMEOUT_MS: the form says Stripe is unavailable. */
export function stripeInTime<S>(loading: Promise<S | null>): Promise<S | null> {
  return withTimeout(loading, STRIPE_LOAD_TIMEOUT_MS).catch(() => null);
}
