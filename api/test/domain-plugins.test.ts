import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { activityPlugin } from '../src/activity/routes';
import { csrfPlugin } from '../src/auth/csrf';
import { authPlugin, passwordResetPlugin } from '../src/auth/plugin';
import { billingPlugin } from '../src/billing/plugin';
import { paymentsPlugin } from '../src/payments/plugin';
import { posPlugin } from '../src/pos/plugin';
import { bookingPlugin } from '../src/booking/plugin';
import { webinarsPlugin } from '../src/webinars/plugin';
import { documentsPlugin } from '../src/documents/plugin';
import { editorImagesPlugin } from '../src/company/editor-images/routes';
import { companyPlugin } from '../src/company/routes';
import { lobbyPlugin } from '../src/lobby/plugin';
import { mailOutboxPlugin, mailPlugin } from '../src/mail/plugin';
import { corePlugin } from '../src/plugins/core';
import { roomsPlugin } from '../src/rooms/routes';
import { shellPlugin } from '../src/shell/plugin';
import { signallingPlugin } from '../src/signalling/plugin';
import { smsPlugin } from '../src/sms/plugin';
import { realtimePlugin } from '../src/socket-routes';
import { storesPlugin } from '../src/stores/routes';
import { tenancyPlugin } from '../src/tenancy/plugin';
import { translationsPlugin } from '../src/translations/routes';
import { usersPlugin } from '../src/users/routes';
import { videoRoomPlugin } from '../src/video-room/plugin';

/*
 * A domain is a plugin with a name and the plugins it needs: registered where one of them is
 * missing, the app does not start, and Fastify says which. (What each builds is covered by its
 * own suites; that app.ts registers them in an order that starts, by every suite.)
 */

const plugins = [
  ['core', corePlugin, []],
  ['csrf', csrfPlugin, []],
  ['mail', mailPlugin, ['core']],
  ['tenancy', tenancyPlugin, ['core']],
  ['sms', smsPlugin, ['core', 'tenancy']],
  ['auth', authPlugin, ['core', 'csrf', 'tenancy']],
  ['password-reset', passwordResetPlugin, ['core', 'mail', 'tenancy', 'auth']],
  ['mail-outbox', mailOutboxPlugin, ['core', 'mail', 'tenancy', 'auth']],
  ['payments', paymentsPlugin, ['core', 'tenancy', 'auth']],
  ['billing', billingPlugin, ['core', 'mail', 'auth', 'payments']],
  ['pos', posPlugin, ['core', 'csrf', 'mail', 'tenancy', 'auth', 'payments', 'sms']],
  ['booking', bookingPlugin, ['core', 'mail', 'tenancy', 'auth', 'payments']],
  ['webinars', webinarsPlugin, ['core', 'mail', 'tenancy', 'auth']],
  ['signalling', signallingPlugin, ['core']],
  ['lobby', lobbyPlugin, ['core', 'sms', 'tenancy', 'auth', 'signalling']],
  ['video-room', videoRoomPlugin, ['core', 'tenancy', 'auth', 'signalling', 'lobby']],
  ['documents', documentsPlugin, ['core', 'tenancy', 'auth', 'video-room']],
  ['realtime', realtimePlugin, ['core', 'tenancy', 'auth', 'signalling', 'lobby', 'video-room', 'webinars']],
  ['users', usersPlugin, ['core', 'mail', 'auth', 'video-room']],
  ['stores', storesPlugin, ['core', 'auth']],
  ['rooms', roomsPlugin, ['core', 'mail', 'auth']],
  ['company', companyPlugin, ['core', 'tenancy', 'auth']],
  ['editor-images', editorImagesPlugin, ['core', 'auth']],
  ['activity', activityPlugin, ['core', 'auth']],
  ['translations', translationsPlugin, ['core', 'auth']],
  ['shell', shellPlugin, ['core', 'csrf', 'tenancy']],
] as const;

const metaOf = (plugin: unknown) => (plugin as Record<symbol, { name?: string; dependencies?: string[] }>)[Symbol.for('plugin-meta')];

/** Stands in for a plugin by its name only: enough for Fastify's dependency check, which runs before the plugin does. */
const stand = (name: string) => fp(async () => undefined, { name });

const missingOne = plugins.flatMap(([name, plugin, dependencies]) => dependencies.map((missing) => [name, missing, plugin, dependencies] as const));

describe('the plugins', () => {
  it.each(plugins)('%s declares its name and dependencies', (name, plugin, dependencies) => {
    expect(metaOf(plugin)).toMatchObject({ name });
    expect(metaOf(plugin)?.dependencies ?? []).toEqual([...dependencies]);
  });

  it.each(missingOne)('%s refuses to start without %s, with Fastify’s message', async (name, missing, plugin, dependencies) => {
    const app = Fastify();
    for (const present of dependencies.filter((dependency) => dependency !== missing)) await app.register(stand(present));
    await expect(app.register(plugin as FastifyPluginAsync).ready()).rejects.toThrow(`The dependency '${missing}' of plugin '${name}' is not registered`);
    await app.close();
  });
});
