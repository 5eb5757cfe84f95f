import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import type { LifeCycleFn } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import type { LifecycleFn, MfeLifecycles, MfeProps } from '@incontra/contracts/mfe';
import { RemoteCrash } from './remote-crash';

// single-spa always passes name, singleSpa and mountParcel; the contract types them loosely so it
// need not depend on single-spa, hence the one narrowing here.
const typed =
  (lifecycle: LifeCycleFn<MfeProps>): LifecycleFn =>
  (props) =>
    lifecycle(props as Parameters<typeof lifecycle>[0]);

/**
 * The remote's tree, rendered as a transition once mounted: React then renders it in slices of a
 * few milliseconds with the main thread free in between, instead of one long task that leaves a
 * phone unable to scroll or tap while a page mounts (a page is all new: nothing shows meanwhile
 * that a slice could leave half-drawn).
 */
function inSlices(Root: React.FunctionComponent<MfeProps>): React.FunctionComponent<MfeProps> {
  function SlicedRoot(props: MfeProps) {
    const [shown, setShown] = React.useState(false);
    React.useEffect(() => React.startTransition(() => setShown(true)), []);
    return shown ? <Root {...props} /> : null;
  }
  SlicedRoot.displayName = `InSlices(${Root.displayName ?? Root.name})`;
  return SlicedRoot;
}

/**
 * The single-spa lifecycles of a remote whose root component is `rootComponent`. A render error
 * leaves the Italian crash notice in the remote's place instead of an empty page.
 */
export function createLifecycles(rootComponent: React.FunctionComponent<MfeProps>) {
  const react = singleSpaReact<MfeProps>({
    React,
    ReactDOMClient,
    rootComponent: inSlices(rootComponent),
    errorBoundary: () => <RemoteCrash />,
  });
  return {
    bootstrap: typed(react.bootstrap),
    mount: typed(react.mount),
    unmount: typed(react.unmount),
  } satisfies MfeLifecycles;
}
