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

  it.each(['0', '99', '60001', '1.5', 'ten', '-1'])('refuses STRIPE_TIMEOUT_MS=%s', (timeout) => {
    expect(refusal({ ...COMPLETE, STRIPE_TIMEOUT_MS: timeout }).variables).toEqual(['STRIPE_TIMEOUT_MS']);
  });
});
