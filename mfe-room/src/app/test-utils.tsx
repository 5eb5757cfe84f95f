import { createAppRenderer } from '@incontra/mfe-kit/testing/render-app';
import { App } from './app';

/** The whole room remote rendered at a path, as single-spa would mount it there. */
export const renderApp = createAppRenderer(App);
