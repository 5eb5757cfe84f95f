import path from 'node:path';
import { TWILIO_TEST_KEYS } from '../../test/helpers/twilio-keys';
import { isPartitaIva } from '@incontra/contracts/italian-tax';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, PGlite under <repo>/.data, seeding on, same-origin remotes', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, '.data'),
      database: { driver: 'pglite', dataDir: path.join(REPO_ROOT, '.data', 'pglite') },
      smtpUrl: null,
      outboxView: false,
      staticRoot: REPO_ROOT,
      seed: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.remotes.visitor).toBe('/mfe/visitor/mf-manifest.json');
    expect(config.rateLimits.loginPerMinute).toBe(20);
    expect(config.publicUrl).toBe('http://{host}:3000');
  });

  it.each([
    [{ PORT: '8080' }, 'http://{host}:8080'],
    [{ PORT: '80' }, 'http://{host}'],
    [{ PUBLIC_URL: 'https://{host}/' }, 'https://{host}'],
    [{ PUBLIC_URL: 'https://{host}:8443' }, 'https://{host}:8443'],
  ])('takes the public origin of links from %j', (env, expected) => {
    expect(loadConfig(env).publicUrl).toBe(expected);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/incontra',
      DATABASE_URL: 'postgres://app@db:5432/incontra',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Incontra <noreply@example.com>',
      OUTBOX_VIEW: 'true',
      STATIC_ROOT: '/srv/incontra',
      SEED: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '2',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      REMOTE_BILLING_URL: 'https://billing.example.com/mf-manifest.json',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { driver: 'postgres', url: 'postgres://app@db:5432/incontra' },
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      outboxView: true,
      staticRoot: '/srv/incontra',
      seed: false,
      logLevel: 'warn',
      trustProxy: 2,
    });
    expect(config.remotes.billing).toBe('https://billing.example.com/mf-manifest.json');
    expect(config.rateLimits.loginPerMinute).toBe(100);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ port: 3000, database: { driver: 'pglite' } });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/incontra'],
    ['SMTP_URL', 'http://mail'],
    ['SEED', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['REMOTE_VISITOR_URL', 'ftp://cdn/visitor.json'],
    ['TRUST_PROXY', 'yes please!'],
    ['PUBLIC_URL', 'https://incontra.example'],
    ['PUBLIC_URL', 'https://{host}/app'],
    ['PUBLIC_URL', 'ftp://{host}'],
  ])('names the variable when %s=%s is wrong', (variable, value) => {
    const error = errorOf({ [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toContain(`${variable}:`);
    expect(error.message).toContain(`(got "${value}")`);
  });
});

describe('video and SMS providers', () => {
  const SMS_FROM = { TWILIO_SMS_FROM: '+15005550006' };

  it('runs video on the built-in engine and keeps SMS in the outbox without Twilio keys', () => {
    expect(loadConfig({})).toMatchObject({ video: { provider: 'local', twilio: null }, sms: { twilio: null } });
  });

  it('switches video to Twilio with the three keys, SMS only with a sender too', () => {
    expect(loadConfig(TWILIO_TEST_KEYS)).toMatchObject({ video: { provider: 'twilio' }, sms: { twilio: null } });
    expect(loadConfig({ ...TWILIO_TEST_KEYS, ...SMS_FROM })).toMatchObject({
      video: { provider: 'twilio' },
      sms: { twilio: { accountSid: TWILIO_TEST_KEYS.TWILIO_ACCOUNT_SID, from: '+15005550006', messagingServiceSid: null } },
    });
  });

  it('keeps the built-in video engine with VIDEO_PROVIDER=local while SMS go through Twilio', () => {
    expect(loadConfig({ ...TWILIO_TEST_KEYS, ...SMS_FROM, VIDEO_PROVIDER: 'local' })).toMatchObject({
      video: { provider: 'local' },
      sms: { twilio: { from: '+15005550006' } },
    });
  });

  it.each([
    [
      { TWILIO_ACCOUNT_SID: TWILIO_TEST_KEYS.TWILIO_ACCOUNT_SID },
      ['TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'],
      'required with the other TWILIO_* variables',
    ],
    [{ VIDEO_PROVIDER: 'twilio' }, ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'], 'required with VIDEO_PROVIDER=twilio'],
    [SMS_FROM, ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'], 'required to send SMS through Twilio'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, ['ROOM_TOKEN_SECRET'], 'required with REDIS_URL'],
  ])('stops on a half configuration %j, naming what is missing', (env, variables, reason) => {
    const error = errorOf(env);
    expect(error.variables).toEqual(variables);
    expect(error.message).toContain(reason);
  });

  it('names VIDEO_PROVIDER when its value is unknown', () => {
    expect(errorOf({ VIDEO_PROVIDER: 'zoom' }).variables).toEqual(['VIDEO_PROVIDER']);
  });
});

describe('Janus for webinars', () => {
  const JANUS = {
    JANUS_URL: 'ws://127.0.0.1:8188',
    JANUS_ADMIN_URL: 'ws://127.0.0.1:7188',
    JANUS_ADMIN_KEY: 'an-admin-key-of-16+',
    JANUS_ADMIN_SECRET: 'an-admin-secret-16+',
  };

  it('is off without its variables, and on with the four; browsers use JANUS_PUBLIC_URL when set', () => {
    expect(loadConfig({}).janus).toBeNull();
    expect(loadConfig(JANUS).janus).toEqual({
      url: JANUS.JANUS_URL,
      adminUrl: JANUS.JANUS_ADMIN_URL,
      adminKey: JANUS.JANUS_ADMIN_KEY,
      adminSecret: JANUS.JANUS_ADMIN_SECRET,
      publicUrl: JANUS.JANUS_URL,
      recordings: null,
    });
    expect(loadConfig({ ...JANUS, JANUS_PUBLIC_URL: 'wss://janus.example.it/' }).janus?.publicUrl).toBe('wss://janus.example.it/');
  });

  it('records webinars with a recordings folder, made absolute, and the tools’ paths (Debian’s by default)', () => {
    expect(loadConfig({ ...JANUS, JANUS_RECORDINGS_DIR: 'janus-recordings' }).janus?.recordings).toEqual({
      folder: path.resolve('janus-recordings'),
      janusPpRec: '/usr/bin/janus-pp-rec',
      mkvmerge: '/usr/bin/mkvmerge',
    });
    expect(loadConfig({ ...JANUS, JANUS_RECORDINGS_DIR: '/srv/rec', MKVMERGE_PATH: '/opt/mkvmerge' }).janus?.recordings?.mkvmerge).toBe('/opt/mkvmerge');
  });

  it.each([
    [{ JANUS_URL: JANUS.JANUS_URL }, ['JANUS_ADMIN_URL', 'JANUS_ADMIN_KEY', 'JANUS_ADMIN_SECRET'], 'required with the other JANUS_* variables'],
    [{ JANUS_PUBLIC_URL: 'wss://janus.example.it/' }, ['JANUS_URL'], 'required with JANUS_PUBLIC_URL'],
    [{ JANUS_RECORDINGS_DIR: '/srv/rec' }, ['JANUS_URL'], 'required with JANUS_RECORDINGS_DIR'],
    [{ ...JANUS, JANUS_URL: 'http://127.0.0.1:8088' }, ['JANUS_URL'], 'expected a ws:// or wss:// URL'],
    [{ ...JANUS, JANUS_ADMIN_KEY: 'short' }, ['JANUS_ADMIN_KEY'], 'at least 16 characters'],
  ])('stops on %j, naming the variable', (env, variables, reason) => {
    const error = errorOf(env);
    expect(error.variables).toEqual(variables);
    expect(error.message).toContain(reason);
  });
});

describe('timeouts of the dependencies', () => {
  it('bounds every PostgreSQL and Redis call by default', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/incontra' });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://app@db:5432/incontra',
      timeouts: { connectMs: 2000, poolWaitMs: 5000, statementMs: 5000, lockMs: 3000, idleInTransactionMs: 10_000 },
    });
    expect(config.redisTimeouts).toEqual({ connectMs: 2000, commandMs: 1000 });
  });

  it('reads them from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/incontra',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_POOL_WAIT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
      DATABASE_LOCK_TIMEOUT_MS: '4000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
      REDIS_CONNECT_TIMEOUT_MS: '500',
      REDIS_COMMAND_TIMEOUT_MS: '250',
    });
    expect(config.database).toMatchObject({
      timeouts: { connectMs: 1000, poolWaitMs: 1500, statementMs: 20_000, lockMs: 4000, idleInTransactionMs: 30_000 },
    });
    expect(config.redisTimeouts).toEqual({ connectMs: 500, commandMs: 250 });
  });

  it.each(['DATABASE_STATEMENT_TIMEOUT_MS', 'REDIS_COMMAND_TIMEOUT_MS'])('refuses %s=0: a timeout of nothing would wait for ever', (variable) => {
    expect(errorOf({ [variable]: '0' }).variables).toEqual([variable]);
  });
});

describe('billing', () => {
  const SELLER = {
    BILLING_SELLER_NAME: 'Esempio Software S.p.A.',
    BILLING_SELLER_VAT_NUMBER: '02345678904',
    BILLING_SELLER_TAX_CODE: '02345678904',
    BILLING_SELLER_ADDRESS: 'Corso Italia 10',
    BILLING_SELLER_POSTAL_CODE: '00198',
    BILLING_SELLER_CITY: 'Roma',
    BILLING_SELLER_PROVINCE: 'rm',
    BILLING_SELLER_TAX_REGIME: 'RF01',
  };

  it('defaults to the test mode, 22 % VAT, 7 days of grace and a coherent demo seller', () => {
    const config = loadConfig({});
    expect(config.paymentMode).toBe('test');
    expect(config.billing).toMatchObject({ vatRate: 22, graceDays: 7 });
    expect(config.billing.seller).toMatchObject({ vatNumber: '12345678903', province: 'MI', taxRegime: 'RF01' });
    expect(isPartitaIva(config.billing.seller.vatNumber)).toBe(true);
  });

  it('takes the Stripe mode from the STRIPE_* variables, all of them', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICES: 'basic:price_1,pro:price_2',
    };
    const config = loadConfig(stripe);
    expect(config.paymentMode).toBe('stripe');
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_abc', prices: { basic: 'price_1', pro: 'price_2' } });
    expect(loadConfig({}).stripe).toBeNull();
    expect(errorOf({ STRIPE_SECRET_KEY: 'sk_test_abc' }).variables).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICES']);
  });

  it('reads the seller, the VAT rate and the grace', () => {
    const config = loadConfig({ ...SELLER, BILLING_VAT_RATE: '10', BILLING_GRACE_DAYS: '3' });
    expect(config.billing).toEqual({
      vatRate: 10,
      graceDays: 3,
      seller: {
        legalName: 'Esempio Software S.p.A.',
        vatNumber: '02345678904',
        taxCode: '02345678904',
        address: 'Corso Italia 10',
        postalCode: '00198',
        city: 'Roma',
        province: 'RM',
        taxRegime: 'RF01',
      },
      // No SDI_PEC_*: the e-invoices are kept (sdi-pec.test.ts reads the channel's variables).
      sdi: null,
    });
  });

  it('names what half a seller misses, and a malformed value', () => {
    expect(errorOf({ BILLING_SELLER_NAME: 'Solo nome' }).variables).toEqual(Object.keys(SELLER).filter((name) => name !== 'BILLING_SELLER_NAME'));
    expect(errorOf({ ...SELLER, BILLING_SELLER_VAT_NUMBER: '02345678905' }).variables).toEqual(['BILLING_SELLER_VAT_NUMBER']);
    expect(errorOf({ ...SELLER, BILLING_SELLER_TAX_REGIME: 'RF99' }).variables).toEqual(['BILLING_SELLER_TAX_REGIME']);
    expect(errorOf({ BILLING_VAT_RATE: '101' }).variables).toEqual(['BILLING_VAT_RATE']);
    // 0 % would need a FatturaPA nature code the product does not write.
    expect(errorOf({ BILLING_VAT_RATE: '0' }).variables).toEqual(['BILLING_VAT_RATE']);
    expect(errorOf({ BILLING_GRACE_DAYS: 'sette' }).variables).toEqual(['BILLING_GRACE_DAYS']);
  });
});
