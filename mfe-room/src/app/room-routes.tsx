import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { DeviceCheckPage } from '../features/device-check/components/device-check-page';

export function RoomRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.deviceCheck} element={<DeviceCheckPage />} />
      <Route path="*" element={<NotFoundNotice />} />
    </Routes>
  );
}
