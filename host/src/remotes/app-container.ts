import { APPS_ROOT_ID, remoteContainerId, type RemoteName } from '@incontra/contracts/routes';

export { APPS_ROOT_ID };

/**
 * Each remote renders into its own element inside the shell's apps area, or wherever it already
 * is: a framing remote (FRAMES) may hold it inside its layout.
 */
export function appContainer(doc: Document, remote: RemoteName): HTMLElement {
  const id = remoteContainerId(remote);
  const existing = doc.getElementById(id);
  if (existing) return existing;
  const element = doc.createElement('div');
  element.id = id;
  element.dataset.remote = remote;
  (doc.getElementById(APPS_ROOT_ID) ?? doc.body).appendChild(element);
  return element;
}
