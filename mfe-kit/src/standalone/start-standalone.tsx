// Standalone development only: in the product the shell loads Mantine's CSS and mounts ./lifecycles.
import '@mantine/core/styles.css';
import type { FunctionComponent } from 'react';
import { createRoot } from 'react-dom/client';
import type { MfeProps } from '@incontra/contracts/mfe';
import { RemoteCrash } from '../remote-crash';
import { standaloneProps } from './standalone-props';

/**
 * Runs a remote without the shell (its dev server's page): builds the props the shell would give
 * from the API and renders `App` with them, or the crash notice when that fails.
 */
export function startStandalone(App: FunctionComponent<MfeProps>, win: Window = window): Promise<void> {
  const doc = win.document;
  const root = createRoot(doc.getElementById('root') ?? doc.body.appendChild(doc.createElement('div')));
  return standaloneProps(win).then(
    (props) => root.render(<App {...props} />),
    () => root.render(<RemoteCrash />),
  );
}
