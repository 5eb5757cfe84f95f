import { ConfigError } from '../../config/config';

/** What the Stripe adapter and its webhook need, read from STRIPE_* variables. */
export interface StripeConfig {
  /** STRIPE_SECRET_KEY: `sk_live_…`, `sk_test_…` or a restricted `rk_…` key. */
  secretKey: string;
  /** STRIPE_PUBLISHABLE_KEY: `pk_…`, handed to the card form. */
  publishableKey: string;
  /** STRIPE_WEBHOOK_SECRET: `whsec_…`, the signing secret of the webhook endpoint. */
  webhookSecret: string;
  /** STRIPE_PRICES: the Stripe Price of each plan sold, by plan id. */
  prices: Record<string, string>;
  /** STRIPE_TAX_RATE: the Tax Rate (`txr_…`, Italian VAT) added to subscriptions; null: none. */
  taxRateId: string | null;
  /** STRIPE_TIMEOUT_MS: the longest a call to Stripe may take, retries included. */
  timeoutMs: number;
  /**
   * STRIPE_APPLICATION_FEE_PERCENT: our fee on each customer payment of a company (Connect direct
   * charges), a percentage of the amount, 0 (the default) to 100 with at most two decimals.
   */
  applicationFeePercent: number;
  /** STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_…` of the endpoint of the connected accounts' events; null: none. */
  connectWebhookSecret: string | null;
  /**
   * STRIPE_API_URL: where Stripe's API is called, when not at Stripe (stripe-mock, an egress proxy,
   * the bench's stand-in on 127.0.0.1); null: api.stripe.com.
   */
  api: { protocol: 'http' | 'https'; host: string; port: number } | null;
}

export const STRIPE_DEFAULT_TIMEOUT_MS = 10_000;
const STRIPE_MAX_TIMEOUT_MS = 60_000;

const REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES'] as const;

/** An id of Stripe's: its prefix, then letters, digits and underscores (bounded: a key is about 100). */
const stripeId = (prefixes: string[]) => new RegExp(`^(${prefixes.join('|')})_[A-Za-z0-9_]{1,250}$`);

const OPTIONAL = ['STRIPE_TAX_RATE', 'STRIPE_TIMEOUT_MS', 'STRIPE_APPLICATION_FEE_PERCENT', 'STRIPE_CONNECT_WEBHOOK_SECRET', 'STRIPE_API_URL'] as const;

const FORMATS: Record<(typeof REQUIRED)[number] | 'STRIPE_TAX_RATE' | 'STRIPE_CONNECT_WEBHOOK_SECRET', { pattern: RegExp; expected: string }> = {
  STRIPE_SECRET_KEY: { pattern: stripeId(['sk_live', 'sk_test', 'rk_live', 'rk_test']), expected: 'expected a secret key (sk_… or rk_…)' },
  STRIPE_PUBLISHABLE_KEY: { pattern: stripeId(['pk_live', 'pk_test']), expected: 'expected a publishable key (pk_…)' },
  STRIPE_WEBHOOK_SECRET: { pattern: stripeId(['whsec']), expected: 'expected a webhook signing secret (whsec_…)' },
  STRIPE_PRICES: { pattern: /^[\s\S]{1,4000}$/, expected: 'expected at most 4000 characters' },
  STRIPE_TAX_RATE: { pattern: stripeId(['txr']), expected: 'expected a tax rate id (txr_…)' },
  STRIPE_CONNECT_WEBHOOK_SECRET: { pattern: stripeId(['whsec']), expected: 'expected a webhook signing secret (whsec_…)' },
};

const PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const PRICE_ID = stripeId(['price']);

function invalid(variable: string, text: string, got?: string): ConfigError {
  return new ConfigError([variable], `Invalid environment variable ${variable}: ${text}${got === undefined ? '' : ` (got "${got}")`}`);
}

/** `basic:price_1,pro:price_2` → { basic: 'price_1', pro: 'price_2' }; each plan once. */
function parsePrices(value: string): Record<string, string> {
  const prices: Record<string, string> = {};
  for (const entry of value.split(',')) {
    const [plan, price, extra] = entry.split(':').map((part) => part.trim());
    if (!plan || !price || extra !== undefined || !PLAN_ID.test(plan) || !PRICE_ID.test(price)) {
      throw invalid('STRIPE_PRICES', 'expected plan:price pairs separated by commas, e.g. basic:price_1,pro:price_2', entry.trim());
    }
    if (Object.hasOwn(prices, plan)) throw invalid('STRIPE_PRICES', `plan ${plan} is listed twice`);
    prices[plan] = price;
  }
  return prices;
}

function parseTimeout(value: string | undefined): number {
  if (value === undefined) return STRIPE_DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d{1,6}$/.test(value) || ms < 100 || ms > STRIPE_MAX_TIMEOUT_MS) {
    throw invalid('STRIPE_TIMEOUT_MS', `expected a whole number of milliseconds from 100 to ${STRIPE_MAX_TIMEOUT_MS}`, value);
  }
  return ms;
}

/** A percentage from 0 to 100 with at most two decimals ("2.5", "0", "10.25"). */
function parseFeePercent(value: string | undefined): number {
  if (value === undefined) return 0;
  const percent = Number(value);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || percent > 100) {
    throw invalid('STRIPE_APPLICATION_FEE_PERCENT', 'expected a percentage from 0 to 100 with at most two decimals, e.g. 2.5', value);
  }
  return percent;
}

/** `http(s)://host[:port]` with nothing after it: the API's origin. */
function parseApiUrl(value: string | undefined): StripeConfig['api'] {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('STRIPE_API_URL', 'expected an origin such as http://127.0.0.1:12111', value);
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || value.length > 300) {
    throw invalid('STRIPE_API_URL', 'expected an origin such as http://127.0.0.1:12111', value);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

/**
 * The Stripe configuration, or null when no STRIPE_* variable is set (the built-in test mode).
 * Half a configuration is an error naming what is missing; a malformed value names its variable.
 * A pure function of the environment it is given.
 */
export function readStripeConfig(env: Readonly<Record<string, string | undefined>>): StripeConfig | null {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const present = REQUIRED.filter((name) => value(name) !== undefined);
  const optional = OPTIONAL.filter((name) => value(name) !== undefined);
  if (present.length === 0 && optional.length === 0) return null;
  const missing = REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length > 0) {
    throw new ConfigError(missing, `Invalid environment variable ${missing.map((name) => `${name}: required with the other STRIPE_* variables`).join('; ')}`);
  }
  for (const name of [...REQUIRED, 'STRIPE_TAX_RATE', 'STRIPE_CONNECT_WEBHOOK_SECRET'] as const) {
    const got = value(name);
    // Keys are secrets: a wrong one is named, never echoed.
    if (got !== undefined && !FORMATS[name].pattern.test(got)) throw invalid(name, FORMATS[name].expected);
  }
  return {
    secretKey: value('STRIPE_SECRET_KEY')!,
    publishableKey: value('STRIPE_PUBLISHABLE_KEY')!,
    webhookSecret: value('STRIPE_WEBHOOK_SECRET')!,
    prices: parsePrices(value('STRIPE_PRICES')!),
    taxRateId: value('STRIPE_TAX_RATE') ?? null,
    timeoutMs: parseTimeout(value('STRIPE_TIMEOUT_MS')),
    applicationFeePercent: parseFeePercent(value('STRIPE_APPLICATION_FEE_PERCENT')),
    connectWebhookSecret: value('STRIPE_CONNECT_WEBHOOK_SECRET') ?? null,
    api: parseApiUrl(value('STRIPE_API_URL')),
  };
}
