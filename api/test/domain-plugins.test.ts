import Fastify, { type FastifyPluginAsync } from 'fastify';
import { activityPlugin } from '../src/activity/routes';
import { bookingPlugin } from '../src/booking/plugin';
import { documentsPlugin } from '../src/documents/plugin';
import { editorImagesPlugin } from '../src/company/editor-images/routes';
import { companyPlugin } from '../src/company/routes';
import { roomsPlugin } from '../src/rooms/routes';
import { storesPlugin } from '../src/stores/routes';
import { translationsPlugin } from '../src/translations/routes';
import { usersPlugin } from '../src/users/routes';

/*
 * A domain is a plugin with a name and the plugins it needs: registered where what it declares is
 * missing, the app does not start, and says which. (Their routes are covered by their own suites.)
 */

const areas = [
  ['users', usersPlugin, ['core', 'video-room-entries']],
  ['stores', storesPlugin, ['core']],
  ['rooms', roomsPlugin, ['core']],
  ['company', companyPlugin, ['core']],
  ['editor-images', editorImagesPlugin, ['core']],
  ['activity', activityPlugin, ['core']],
  ['translations', translationsPlugin, ['core']],
  ['booking', bookingPlugin, ['core']],
  ['documents', documentsPlugin, ['core']],
] as const;

describe('the domain plugins', () => {
  it.each(areas)('%s declares its name and dependencies, and refuses to start without them', async (name, plugin, dependencies) => {
    const meta = (plugin as unknown as Record<symbol, { name?: string; dependencies?: string[] }>)[Symbol.for('plugin-meta')];
    expect(meta).toMatchObject({ name, dependencies: [...dependencies] });
    const app = Fastify();
    await expect(app.register(plugin as FastifyPluginAsync).ready()).rejects.toThrow(/core/);
    await app.close();
  });
});
