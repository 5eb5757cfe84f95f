import type { RemoteName } from '@incontra/contracts/routes';

export const APPS_ROOT_ID = 'incontra-apps';

/** Each remote renders into its own element inside the shell's apps area. */
export function appContainer(doc: Document, remote: RemoteName): HTMLElement {
  const id = `single-spa-application:${remote}`;
  const existing = doc.getElementById(id);
  if (existing) return existing;
  const element = doc.createElement('div');
  element.id = id;
  element.dataset.remote = remote;
  (doc.getElementById(APPS_ROOT_ID) ?? doc.body).appendChild(element);
  return element;
}
