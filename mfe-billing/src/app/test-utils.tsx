import { createAppRenderer } from '@incontra/mfe-kit/testing/render-app';
import { App } from './app';

/** The whole billing remote rendered at a path, as single-spa would mount it there (staff paths: admin context). */
export const renderApp = createAppRenderer(App, { adminContext: true });
