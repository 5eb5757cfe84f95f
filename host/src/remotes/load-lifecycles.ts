import { loadRemote } from '@module-federation/enhanced/runtime';
import { FEDERATION_NAMES, LIFECYCLES_EXPOSE, type MfeLifecycles } from '@incontra/contracts/mfe';
import type { RemoteName } from '@incontra/contracts/routes';

/** `incontra_visitor/lifecycles`, from the remote's manifest registered at boot. */
export function lifecyclesRequest(remote: RemoteName): string {
  return `${FEDERATION_NAMES[remote]}/${LIFECYCLES_EXPOSE.replace(/^\.\//, '')}`;
}

export async function loadLifecycles(remote: RemoteName): Promise<MfeLifecycles> {
  const lifecycles = await loadRemote<MfeLifecycles>(lifecyclesRequest(remote));
  if (!lifecycles) throw new Error(`The remote ${remote} exposes no lifecycles`);
  return lifecycles;
}
