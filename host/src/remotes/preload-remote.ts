import { remoteForPath, type RemoteName } from '@incontra/contracts/routes';
import { loadLifecycles } from './load-lifecycles';

/**
 * MfeProps.preload: loads the lifecycles of the remote owning the path (module federation keeps
 * the module, so the later mount needs no download) and then what the remote's own `preload`
 * names. Once per remote while it succeeds; a failure is forgotten so that a later call retries,
 * and never reaches the caller: the navigation will load (and report) it as usual.
 */
export function createPreload(load: (remote: RemoteName) => ReturnType<typeof loadLifecycles> = loadLifecycles): (path: string) => void {
  const started = new Set<RemoteName>();
  return (path) => {
    const remote = remoteForPath(new URL(path, 'http://shell.invalid').pathname);
    if (!remote || started.has(remote)) return;
    started.add(remote);
    void load(remote)
      .then((lifecycles) => lifecycles.preload?.())
      .catch(() => started.delete(remote));
  };
}
