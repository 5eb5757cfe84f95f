import type { MfeProps } from '@incontra/contracts/mfe';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { RoomRoutes } from './room-routes';

/** Root component of the room remote. */
export function App(props: MfeProps) {
  return (
    <RemoteProviders props={props}>
      <RoomRoutes />
    </RemoteProviders>
  );
}
