import type { MfeProps } from '@incontra/contracts/mfe';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { BackofficeRoutes } from './backoffice-routes';

/** Root component of the back-office remote. */
export function App(props: MfeProps) {
  return (
    <RemoteProviders props={props}>
      <BackofficeRoutes />
    </RemoteProviders>
  );
}
