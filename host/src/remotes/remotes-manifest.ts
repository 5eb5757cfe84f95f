import { apiRequest } from '@incontra/contracts/http';
import { remotesManifestSchema, type RemotesManifest } from '@incontra/contracts/mfe';

/** Where each remote lives is data, read at every boot: a remote redeploys without the shell. */
export function fetchRemotesManifest(): Promise<RemotesManifest> {
  return apiRequest('/remotes.json', { schema: remotesManifestSchema });
}
