import type { MfeLifecycles } from '@incontra/contracts/mfe';
import type { RemoteName } from '@incontra/contracts/routes';
import { createPreload } from './preload-remote';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const lifecycles = (preload?: () => Promise<unknown>): MfeLifecycles => ({
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
  preload,
});

describe('createPreload (MfeProps.preload)', () => {
  it("loads the remote owning the path, then what the remote's own preload names, once", async () => {
    const remotePreload = jest.fn(async () => undefined);
    const load = jest.fn(async (_remote: RemoteName) => lifecycles(remotePreload));
    const preload = createPreload(load);
    preload('/room/3f1c?richiesta=abc');
    preload('/room/other-room');
    await settle();
    expect(load.mock.calls).toEqual([['room']]);
    expect(remotePreload).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a path no remote owns, and copes with remotes without a preload', async () => {
    const load = jest.fn(async (_remote: RemoteName) => lifecycles());
    const preload = createPreload(load);
    preload('/no/such/page');
    preload('/admin');
    await settle();
    expect(load.mock.calls).toEqual([['backoffice']]);
  });

  it('never throws to the caller, and tries again after a failure', async () => {
    const load = jest.fn(async (_remote: RemoteName): Promise<MfeLifecycles> => {
      throw new Error('remote unreachable');
    });
    const preload = createPreload(load);
    expect(preload('/room/1')).toBeUndefined();
    await settle();
    preload('/room/1');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
