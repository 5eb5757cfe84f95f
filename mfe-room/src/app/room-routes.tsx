import { Route, Routes, useParams } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { DeviceCheckPage } from '../features/device-check/components/device-check-page';
import { RoomFlow } from '../features/room/components/room-flow';
import { StaffGate } from '../features/room/components/staff-gate';
import { displayNameOf } from '../features/room/components/display-name';

function RoomRoute() {
  const { roomId = '' } = useParams();
  // A new room id is a new flow: nothing of the previous room (media, session) carries over.
  return <StaffGate>{(user) => <RoomFlow key={roomId} roomId={roomId} defaultName={displayNameOf(user)} />}</StaffGate>;
}

export function RoomRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.deviceCheck} element={<DeviceCheckPage />} />
      <Route path={`${ROUTES.room}/:roomId`} element={<RoomRoute />} />
      <Route path="*" element={<NotFoundNotice />} />
    </Routes>
  );
}
