import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { BookingOutline } from '../features/booking/components/booking-outline';
import { NameStep } from '../features/live/components/name-step';
import { useSelectedStore } from '../features/stores/hooks/use-selected-store';
import { WelcomeScreen } from '../features/welcome/components/welcome-screen';

function WelcomeRoute() {
  const { store, isLoading, isError, retry } = useSelectedStore();
  return <WelcomeScreen store={store} isLoading={isLoading} isError={isError} onRetry={retry} />;
}

function LiveRoute() {
  return <NameStep store={useSelectedStore().store} />;
}

function BookingRoute() {
  return <BookingOutline store={useSelectedStore().store} />;
}

export function VisitorRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.welcome} element={<WelcomeRoute />} />
      <Route path={ROUTES.live} element={<LiveRoute />} />
      <Route path={ROUTES.booking} element={<BookingRoute />} />
      <Route path="*" element={<NotFoundNotice />} />
    </Routes>
  );
}
