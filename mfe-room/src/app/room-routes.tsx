import { useMemo } from 'react';
import { Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import { GUEST_REQUEST_PARAM } from '@incontra/contracts/api/join-requests';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { DeviceCheckPage } from '../features/device-check/components/device-check-page';
import { readGuestCredentials } from '../features/guest/api/guest-credentials';
import { GuestRoom } from '../features/guest/components/guest-room';
import { RoomFlow } from '../features/room/components/flow/room-flow';
import { StaffGate } from '../features/room/components/flow/staff-gate';
import { displayNameOf } from '../features/room/utils/display-name';
import { WebinarLiveRoute } from '../features/webinar-live/components/webinar-live-route';

function RoomRoute() {
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const requestId = params.get(GUEST_REQUEST_PARAM);
  // `?richiesta=` with this tab's credentials: an approved visitor, no sign-in.
  const guest = useMemo(() => (requestId ? readGuestCredentials(requestId) : null), [requestId]);
  // A new room id is a new flow: nothing of the previous room (media, session) carries over.
  if (guest) return <GuestRoom key={roomId} roomId={roomId} credentials={guest} />;
  return <StaffGate>{(user) => <RoomFlow key={roomId} roomId={roomId} defaultName={displayNameOf(user)} />}</StaffGate>;
}

export function RoomRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.deviceCheck} element={<DeviceCheckPage />} />
      <Route path={`${ROUTES.webinarLive}/:webinarId`} element={<WebinarLiveRoute />} />
      <Route path={`${ROUTES.room}/:roomId`} element={<RoomRoute />} />
      {/* The visitor remote frames its not-found notice in its main landmark; here nothing else does. */}
      <Route
        path="*"
        element={
          <main>
            <NotFoundNotice />
          </main>
        }
      />
    </Routes>
  );
}
