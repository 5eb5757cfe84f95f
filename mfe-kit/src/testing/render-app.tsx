// Brings jest-dom's matcher types into the type check of whoever renders (the runtime setup is tooling/jest-dom-setup.ts).
import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import type { MfeProps } from '@incontra/contracts/mfe';
import { buildMfeProps, type TestMfeProps } from './build-mfe-props';

/**
 * A remote's `renderApp(path, props?)`: renders its whole root component at `path`, as single-spa
 * would mount it there. `defaults` are the props a remote is usually mounted with (the staff
 * remotes live under /admin, so adminContext: true).
 */
export function createAppRenderer(App: FunctionComponent<MfeProps>, defaults: Partial<MfeProps> = {}) {
  return function renderApp(path: string, props: TestMfeProps = buildMfeProps(defaults)) {
    window.history.pushState({}, '', path);
    return { props, ...render(<App {...props} />) };
  };
}
