import { waitFor } from '@testing-library/react';
import type { MfeLifecycles } from '@incontra/contracts/mfe';
import type { RemoteName } from '@incontra/contracts/routes';
import { createPreload } from './preload-remote';

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
    // The remote is asked for at once; what it names, once it has loaded.
    expect(load.mock.calls).toEqual([['room']]);
    await waitFor(() => expect(remotePreload).toHaveBeenCalledTimes(1));
    preload('/room/third-room');
    expect(load.mock.calls).toEqual([['room']]);
    expect(remotePreload).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a path no remote owns, and copes with remotes without a preload', async () => {
    const load = jest.fn(async (_remote: RemoteName) => lifecycles());
    const preload = createPreload(load);
    preload('/no/such/page');
    preload('/admin');
    // Loading starts within the call: nothing later can add to what it asked for.
    expect(load.mock.calls).toEqual([['backoffice']]);
  });

  it('never throws to the caller, and tries again after a failure', async () => {
    const load = jest.fn(async (_remote: RemoteName): Promise<MfeLifecycles> => {
      throw new Error('remote unreachable');
    });
    const preload = createPreload(load);
    expect(preload('/room/1')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    // While the first load is under way a call adds nothing; once its failure is handled, a call loads again.
    await waitFor(() => {
      preload('/room/1');
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});
