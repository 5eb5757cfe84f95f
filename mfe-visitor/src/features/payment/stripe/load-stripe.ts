import type { Stripe } from '@stripe/stripe-js';
import { lazyStripeLoader, type StripeLoader as KitStripeLoader } from '@incontra/mfe-kit/payments/stripe-loading';

export { STRIPE_LOAD_TIMEOUT_MS, withTimeout } from '@incontra/mfe-kit/payments/stripe-loading';

/** Loads Stripe.js for a key, on the company's connected account; a stand-in in tests (Stripe.js loads from Stripe's servers). */
export type StripeLoader = KitStripeLoader<Stripe>;

/** Stripe.js's script is fetched from Stripe only when a request is paid through Stripe: a chunk of its own. */
export const loadStripeLazily: StripeLoader = lazyStripeLoader(() => import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js/pure'));
