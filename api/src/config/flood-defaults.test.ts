import path from 'node:path';

/*
 * The environment's schema reads the flood bounds' defaults from a module of plain values: loading
 * it (as the configuration does before anything else) loads no database schema.
 */

const SRC = path.resolve(__dirname, '..');
/** The modules of api/src loaded so far in this registry, as paths under it. */
const loadedSources = () =>
  Object.keys(require.cache)
    .filter((file) => file.startsWith(SRC + path.sep))
    .map((file) => path.relative(SRC, file).split(path.sep).join('/'));

describe('the flood bounds’ defaults', () => {
  it('reach the environment’s schema without the database schema or the modules that apply them', () => {
    let loaded: string[] = [];
    let envDefaults: Record<string, unknown> = {};
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded inside the isolated registry on purpose
      const { envSchema } = require('./env-schema') as typeof import('./env-schema');
      envDefaults = envSchema.parse({});
      loaded = loadedSources();
    });
    expect(loaded).toContain('config/env-schema.ts');
    expect(loaded).toContain('config/flood-defaults.ts');
    expect(loaded.filter((file) => file.startsWith('db/schema'))).toEqual([]);
    expect(loaded).not.toContain('booking/breaker.ts');
    expect(loaded).not.toContain('mail/staff-mail-limits.ts');
    expect(envDefaults).toMatchObject({
      BOOKING_BREAKER_BOOKINGS: 20,
      BOOKING_BREAKER_WINDOW_MINUTES: 10,
      BOOKING_BREAKER_HOLD_MINUTES: 60,
      MAIL_STAFF_PER_HOUR: 100,
      MAIL_STAFF_PER_DAY: 300,
      MAIL_COMPANY_STAFF_PER_HOUR: 300,
      MAIL_COMPANY_STAFF_PER_DAY: 1000,
    });
  });

  it('are the very objects the breaker and the staff’s e-mail bounds apply by default', () => {
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- one registry for the three modules */
      const defaults = require('./flood-defaults') as typeof import('./flood-defaults');
      const breaker = require('../booking/breaker') as typeof import('../booking/breaker');
      const staffMail = require('../mail/staff-mail-limits') as typeof import('../mail/staff-mail-limits');
      /* eslint-enable @typescript-eslint/no-require-imports */
      expect(breaker.DEFAULT_BOOKING_BREAKER).toBe(defaults.DEFAULT_BOOKING_BREAKER);
      expect(staffMail.DEFAULT_STAFF_MAIL_LIMITS).toBe(defaults.DEFAULT_STAFF_MAIL_LIMITS);
    });
  });
});
