import { registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, unregisterApplication, type RegisterApplicationConfig } from 'single-spa';
import type { MfeLifecycles, MfeProps } from '@incontra/contracts/mfe';
import { createRemoteStatus } from './remote-status';
import { registerRemoteApps, type RemoteAppProps } from './register-remote-apps';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
jest.mock('single-spa', () => ({ registerApplication: jest.fn(), unregisterApplication: jest.fn(async () => undefined), addErrorHandler: jest.fn() }));

const registered = () => jest.mocked(registerApplication).mock.calls.map(([config]) => config as unknown as RegisterApplicationConfig<RemoteAppProps>);
const at = (pathname: string) => ({ pathname }) as Location;
const lifecycles: MfeLifecycles = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };

function setup(names: Array<'visitor' | 'room' | 'backoffice' | 'billing'> = ['visitor', 'room', 'backoffice', 'billing']) {
  jest.clearAllMocks();
  const status = createRemoteStatus();
  const load = jest.fn(async () => lifecycles);
  const apps = registerRemoteApps({
    manifest: { remotes: names.map((name) => ({ name, entry: `/mfe/${name}/mf-manifest.json` })) },
    propsFor: () => ({ contractVersion: 1 }) as MfeProps,
    status,
    doc: document,
    load,
  });
  return { status, load, apps };
}

describe('registerRemoteApps', () => {
  it('registers every remote with module federation under its federation name', () => {
    setup();
    expect(registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'incontra_visitor', entry: '/mfe/visitor/mf-manifest.json' }]));
  });

  it('activates each remote on the paths of the route table', () => {
    setup();
    const activeAt = (pathname: string) =>
      registered()
        .filter((config) => typeof config.activeWhen === 'function' && config.activeWhen(at(pathname)))
        .map((config) => config.name);
    expect(activeAt('/')).toEqual(['visitor']);
    expect(activeAt('/prenota')).toEqual(['visitor']);
    expect(activeAt('/room/verifica')).toEqual(['room']);
    expect(activeAt('/admin/login')).toEqual(['backoffice']);
    // The back office's layout stays around the subscription page (FRAMES).
    expect(activeAt('/admin/abbonamento')).toEqual(['backoffice', 'billing']);
    expect(activeAt('/non-esiste')).toEqual([]);
  });

  it('mounts each remote into its own element with the contract props', () => {
    setup();
    const visitor = registered().find((config) => config.name === 'visitor')!;
    const props = typeof visitor.customProps === 'function' ? visitor.customProps('visitor', at('/')) : visitor.customProps;
    expect(props?.contractVersion).toBe(1);
    expect(props?.domElement.id).toBe('single-spa-application:visitor');
  });

  it('marks a remote failed on a single-spa error, clears it on a successful load, and re-registers on retry', async () => {
    const { status, apps } = setup();
    const onError = jest.mocked(addErrorHandler).mock.calls[0]![0];
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    onError(Object.assign(new Error('down'), { appOrParcelName: 'room' }));
    expect(status.failed().has('room')).toBe(true);
    expect(consoleError).toHaveBeenCalledWith('Incontra: the remote "room" could not be loaded or mounted. down');
    consoleError.mockRestore();

    await apps.retry('room');
    expect(unregisterApplication).toHaveBeenCalledWith('room');
    expect(status.failed().has('room')).toBe(false);
    const room = registered()
      .filter((config) => config.name === 'room')
      .at(-1)!;
    await (room.app as () => Promise<unknown>)();
    expect(status.failed().has('room')).toBe(false);
  });

  it('treats a remote missing from /remotes.json as failed', () => {
    const { status } = setup(['visitor']);
    expect(status.failed()).toEqual(new Set(['room', 'backoffice', 'billing']));
  });
});
