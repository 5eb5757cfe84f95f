import type { MfeProps } from '@incontra/contracts/mfe';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { BillingRoutes } from './billing-routes';

/** Root component of the billing remote. */
export function App(props: MfeProps) {
  return (
    <RemoteProviders props={props}>
      <BillingRoutes />
    </RemoteProviders>
  );
}
