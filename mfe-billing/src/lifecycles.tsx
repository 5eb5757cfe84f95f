import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import type { LifeCycleFn } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import type { LifecycleFn, MfeLifecycles, MfeProps } from '@incontra/contracts/mfe';
import { App } from './app/app';
import { RemoteCrash } from './standalone/remote-crash';

const react = singleSpaReact<MfeProps>({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: () => <RemoteCrash />,
});

// single-spa always passes name, singleSpa and mountParcel; the contract types them loosely so it
// need not depend on single-spa, hence the one narrowing here.
const typed = (lifecycle: LifeCycleFn<MfeProps>): LifecycleFn => (props) => lifecycle(props as Parameters<typeof lifecycle>[0]);

const lifecycles = {
  bootstrap: typed(react.bootstrap),
  mount: typed(react.mount),
  unmount: typed(react.unmount),
} satisfies MfeLifecycles;

export const { bootstrap, mount, unmount } = lifecycles;
