import { Route, Routes } from 'react-router-dom';
import { RoomPage } from './room-page';
import { RoomsList } from './rooms-list';

/** «Stanze» (routed at `${ROUTES.rooms}/*`): the list, and a room's page at `${ROUTES.rooms}/:id`. */
export function RoomsPage() {
  return (
    <Routes>
      <Route index element={<RoomsList />} />
      <Route path=":id" element={<RoomPage />} />
    </Routes>
  );
}
