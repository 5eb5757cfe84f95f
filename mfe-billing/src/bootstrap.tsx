// Standalone development only: in the product the shell loads Mantine's CSS and mounts ./lifecycles.
import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RemoteCrash } from './standalone/remote-crash';
import { standaloneProps } from './standalone/standalone-props';

const root = createRoot(document.getElementById('root') ?? document.body.appendChild(document.createElement('div')));
standaloneProps(window).then(
  (props) => root.render(<App {...props} />),
  () => root.render(<RemoteCrash />),
);
