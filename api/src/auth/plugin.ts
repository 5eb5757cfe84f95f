import fp from 'fastify-plugin';
import { AuthService } from './auth-service';
import { createAuthenticate, type Authenticate } from './authenticate';
import { loginThrottle } from './login-throttle';
import { PasswordResetService } from './password-reset-service';
import { passwordResetRoutes } from './password-reset-routes';
import { SessionService } from './session-service';
import { sessionRoutes } from './session-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff sessions: started in a sign-in's transaction, ended with their user's rights (and their room entries). */
    sessions: SessionService;
    /** The staff scope's check (registerStaffRoutes). */
    authenticate: Authenticate;
  }
}

/**
 * Plugin `auth`: staff sign-in, sign-out and their profile, the sessions (kept in the company
 * cache) and the staff scope's check every staff route runs; sign-in is throttled per account.
 */
export const authPlugin = fp(
  async (app) => {
    const { db, clock, config, tenancy } = app;
    const sessions = new SessionService({ db, clock, cache: app.cache });
    const authenticate = createAuthenticate(tenancy, sessions, config.publicUrl);
    app.decorate('sessions', sessions);
    app.decorate('authenticate', authenticate);
    await app.register(sessionRoutes, {
      auth: new AuthService({ db, sessions }),
      tenancy,
      authenticate,
      csrf: app.csrf,
      limits: config.rateLimits,
      throttle: loginThrottle({ db, clock, limits: config.rateLimits }),
    });
  },
  { name: 'auth', dependencies: ['core', 'csrf', 'tenancy'] },
);

/** Plugin `password-reset`: the e-mailed link and the new password; requests in flight are awaited when the app closes. */
export const passwordResetPlugin = fp(
  async (app) => {
    const { config } = app;
    const resets = new PasswordResetService({ db: app.db, sessions: app.sessions, mailer: app.mailer, clock: app.clock, log: app.log });
    app.addHook('onClose', () => resets.close());
    await app.register(passwordResetRoutes, { resets, tenancy: app.tenancy, limits: config.rateLimits, publicUrl: config.publicUrl });
  },
  { name: 'password-reset', dependencies: ['core', 'mail', 'tenancy', 'auth'] },
);
