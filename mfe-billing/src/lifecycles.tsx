import { createLifecycles } from '@incontra/mfe-kit/create-lifecycles';
import { App } from './app/app';

export const { bootstrap, mount, unmount } = createLifecycles(App);
