import Stripe from 'stripe';

/** The API version this adapter is written against: stripe-node 23.1's own, sent on every call. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Attempts of one call after the first (connection errors, 409, 5xx), with Stripe's backoff. */
export const STRIPE_NETWORK_RETRIES = 2;

export interface StripeClientOptions {
  secretKey: string;
  /** The whole budget of one call, retries included (the gateway enforces it). */
  timeoutMs: number;
  /** Another API host (tests: a stub on 127.0.0.1); Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * The Stripe client of the adapter. Each attempt gets a third of the call's budget, so that the
 * retries fit in it when Stripe is slow rather than down.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: Math.max(50, Math.floor(options.timeoutMs / (STRIPE_NETWORK_RETRIES + 1))),
    telemetry: false,
    appInfo: { name: 'Incontra' },
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
  });
}

/** Stripe's times are Unix seconds. */
export const fromUnix = (seconds: number) => new Date(seconds * 1000);
export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The id of an expandable field, whether Stripe sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}
