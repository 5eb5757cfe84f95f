import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isOwnedBy, ROUTES } from '@incontra/contracts/routes';
import { AuthenticationPage } from '../features/card/components/authentication-page';
import { BillingPage } from './billing-page';

/** Paths below the subscription page without a screen go to it; paths of other remotes are not ours to touch. */
function UnknownPath() {
  const { pathname } = useLocation();
  return isOwnedBy('billing', pathname) ? <Navigate to={ROUTES.billing} replace /> : null;
}

export function BillingRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.billing} element={<BillingPage />} />
      <Route path={`${ROUTES.billingAuthentication}/:token`} element={<AuthenticationPage />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
