import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { DeviceCheckPage } from '../features/device-check/components/device-check-page';
import { NotFoundNotice } from './not-found-notice';

export function RoomRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.deviceCheck} element={<DeviceCheckPage />} />
      <Route path="*" element={<NotFoundNotice />} />
    </Routes>
  );
}
