// Standalone development only: in the product the shell mounts ./lifecycles.
import { startStandalone } from '@incontra/mfe-kit/standalone/start-standalone';
import { App } from './app/app';

void startStandalone(App);
