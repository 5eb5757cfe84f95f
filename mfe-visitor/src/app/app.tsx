import type { MfeProps } from '@incontra/contracts/mfe';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { VisitorRoutes } from './visitor-routes';

/** Root component of the visitor remote. */
export function App(props: MfeProps) {
  return (
    <RemoteProviders props={props}>
      <VisitorRoutes />
    </RemoteProviders>
  );
}
