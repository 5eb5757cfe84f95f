import { registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, unregisterApplication } from 'single-spa';
import { FEDERATION_NAMES, type MfeProps, type RemotesManifest } from '@incontra/contracts/mfe';
import { REMOTE_NAMES, isShownBy, type RemoteName } from '@incontra/contracts/routes';
import { appContainer } from './app-container';
import { loadLifecycles } from './load-lifecycles';
import type { RemoteStatus } from './remote-status';

/** What single-spa hands each remote: the contract's props plus the element to render into. */
export type RemoteAppProps = MfeProps & { domElement: HTMLElement };

export interface RemoteAppsOptions {
  manifest: RemotesManifest;
  propsFor: (location: Location) => MfeProps;
  status: RemoteStatus;
  doc: Document;
  load?: typeof loadLifecycles;
}

export interface RemoteApps {
  /** Loads a failed remote again (single-spa keeps a broken app broken until re-registered). */
  retry(remote: RemoteName): Promise<void>;
}

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/**
 * Tells module federation where each remote is, then registers one single-spa application per
 * remote, active on the paths the route table gives it. A remote that fails to load or mount is
 * marked failed (the chrome shows the retry view) while every other route keeps working.
 */
export function registerRemoteApps({ manifest, propsFor, status, doc, load = loadLifecycles }: RemoteAppsOptions): RemoteApps {
  registerRemotes(manifest.remotes.map(({ name, entry }) => ({ name: FEDERATION_NAMES[name], entry })));

  const register = (remote: RemoteName) =>
    registerApplication<RemoteAppProps>({
      name: remote,
      app: async () => {
        const lifecycles = await load(remote);
        // single-spa retries a failed load on the next visit by itself: a success ends the failure.
        status.clear(remote);
        return lifecycles;
      },
      // Its own paths, and those of a remote it frames (the back office around the subscription).
      activeWhen: (location) => isShownBy(remote, location.pathname),
      customProps: (_name, location) => ({ ...propsFor(location), domElement: appContainer(doc, remote) }),
    });

  addErrorHandler((error) => {
    if (!isRemoteName(error.appOrParcelName)) return;
    status.markFailed(error.appOrParcelName);
    // The visitor sees the error view; whoever deployed the remote finds why here (an unreachable
    // entry, or a shared library or contract version this shell does not provide).
    // eslint-disable-next-line no-console -- the reason is for whoever deployed the remote
    console.error(`Incontra: the remote "${error.appOrParcelName}" could not be loaded or mounted. ${error.message}`);
  });

  const listed = new Set(manifest.remotes.map(({ name }) => name));
  for (const remote of REMOTE_NAMES) {
    if (listed.has(remote)) register(remote);
    else status.markFailed(remote);
  }

  return {
    async retry(remote) {
      if (!listed.has(remote)) return;
      status.clear(remote);
      await unregisterApplication(remote);
      register(remote);
    },
  };
}
