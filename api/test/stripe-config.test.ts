import { ConfigError } from '../src/config/config';
import { readStripeConfig, STRIPE_DEFAULT_TIMEOUT_MS } from '../src/payments/stripe/stripe-config';

const COMPLETE = {
  STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  STRIPE_PRICES: 'basic:price_1Basic, pro:price_2Pro',
};

function refusal(env: Record<string, string | undefined>): ConfigError {
  try {
    readStripeConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('readStripeConfig', () => {
  it('is null without any STRIPE_* variable (the built-in test mode)', () => {
    expect(readStripeConfig({})).toBeNull();
    expect(readStripeConfig({ STRIPE_SECRET_KEY: '  ', OTHER: 'x' })).toBeNull();
  });

  it('reads a complete configuration, with the defaults', () => {
    expect(readStripeConfig(COMPLETE)).toEqual({
      secretKey: 'sk_test_51abcDEF',
      publishableKey: 'pk_test_51abcDEF',
      webhookSecret: 'whsec_abc123',
      prices: { basic: 'price_1Basic', pro: 'price_2Pro' },
      taxRateId: null,
      timeoutMs: STRIPE_DEFAULT_TIMEOUT_MS,
      applicationFeePercent: 0,
      connectWebhookSecret: null,
      api: null,
    });
    expect(readStripeConfig({ ...COMPLETE, STRIPE_TAX_RATE: 'txr_22', STRIPE_TIMEOUT_MS: '2500' })).toMatchObject({ taxRateId: 'txr_22', timeoutMs: 2500 });
  });

  it('names every variable missing from half a configuration', () => {
    const error = refusal({ STRIPE_SECRET_KEY: COMPLETE.STRIPE_SECRET_KEY, STRIPE_PRICES: COMPLETE.STRIPE_PRICES });
    expect(error.variables).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(error.message).toContain('STRIPE_PUBLISHABLE_KEY: required with the other STRIPE_* variables');
    // An optional variable alone is half a configuration too.
    expect(refusal({ STRIPE_TIMEOUT_MS: '5000' }).variables).toHaveLength(4);
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_swapped'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_test_swapped'],
    ['STRIPE_WEBHOOK_SECRET', 'hunter2hunter2'],
    ['STRIPE_TAX_RATE', 'price_1'],
  ])('refuses a malformed %s, naming it without echoing the value', (variable, value) => {
    const error = refusal({ ...COMPLETE, [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain(value);
  });

  it.each(['basic', 'basic:price_1:extra', 'basic:prod_1', ':price_1', 'basic:price_1,,pro:price_2', 'bad plan:price_1'])(
    'refuses STRIPE_PRICES %j',
    (prices) => {
      expect(refusal({ ...COMPLETE, STRIPE_PRICES: prices }).variables).toEqual(['STRIPE_PRICES']);
    },
  );

  it('refuses a plan priced twice', () => {
    expect(refusal({ ...COMPLETE, STRIPE_PRICES: 'basic:price_1,basic:price_2' }).message).toContain('plan basic is listed twice');
  });

  it("reads the Connect variables: the application fee in percent, the connected accounts' webhook secret", () => {
    expect(readStripeConfig({ ...COMPLETE, STRIPE_APPLICATION_FEE_PERCENT: '2.5', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect1' })).toMatchObject({
      applicationFeePercent: 2.5,
      connectWebhookSecret: 'whsec_connect1',
    });
    expect(readStripeConfig({ ...COMPLETE, STRIPE_APPLICATION_FEE_PERCENT: '0' })).toMatchObject({ applicationFeePercent: 0 });
    expect(readStripeConfig({ ...COMPLETE, STRIPE_APPLICATION_FEE_PERCENT: '100' })).toMatchObject({ applicationFeePercent: 100 });
    // Alone, they are half a Stripe configuration.
    expect(refusal({ STRIPE_APPLICATION_FEE_PERCENT: '1' }).variables).toHaveLength(4);
    expect(refusal({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_x' }).variables).toHaveLength(4);
  });

  it.each(['-1', '100.01', '101', '2,5', '1.234', 'tre', '1e1', ' .5'])('refuses STRIPE_APPLICATION_FEE_PERCENT=%j', (fee) => {
    expect(refusal({ ...COMPLETE, STRIPE_APPLICATION_FEE_PERCENT: fee }).variables).toEqual(['STRIPE_APPLICATION_FEE_PERCENT']);
  });

  it('refuses a STRIPE_CONNECT_WEBHOOK_SECRET that is not a signing secret, without echoing it', () => {
    const error = refusal({ ...COMPLETE, STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_notasecret' });
    expect(error.variables).toEqual(['STRIPE_CONNECT_WEBHOOK_SECRET']);
    expect(error.message).not.toContain('sk_test_notasecret');
  });

  it.each(['0', '99', '60001', '1.5', 'ten', '-1'])('refuses STRIPE_TIMEOUT_MS=%s', (timeout) => {
    expect(refusal({ ...COMPLETE, STRIPE_TIMEOUT_MS: timeout }).variables).toEqual(['STRIPE_TIMEOUT_MS']);
  });

  it('reads STRIPE_API_URL, the origin Stripe is called at instead of api.stripe.com', () => {
    expect(readStripeConfig({ ...COMPLETE, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
      api: { protocol: 'http', host: '127.0.0.1', port: 12111 },
    });
    expect(readStripeConfig({ ...COMPLETE, STRIPE_API_URL: 'https://stripe-proxy.internal' })).toMatchObject({
      api: { protocol: 'https', host: 'stripe-proxy.internal', port: 443 },
    });
    expect(readStripeConfig({ ...COMPLETE, STRIPE_API_URL: 'http://[::1]:8080/' })).toMatchObject({ api: { protocol: 'http', host: '::1', port: 8080 } });
  });

  it.each(['127.0.0.1:12111', 'ftp://127.0.0.1', 'http://127.0.0.1/v1', 'http://user:pw@127.0.0.1', 'http://127.0.0.1?x=1', 'http://'])(
    'refuses STRIPE_API_URL=%j',
    (url) => {
      expect(refusal({ ...COMPLETE, STRIPE_API_URL: url }).variables).toEqual(['STRIPE_API_URL']);
    },
  );
});
