import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { isOwnedBy, ROUTES } from '@incontra/contracts/routes';
import { AuthenticationPage } from '../features/card/components/authentication-page';
import { PosPage } from '../features/pos/components/pos-page';
import { BillingPage } from './billing-page';
import { StaffPage } from './staff-page';

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
      <Route path={ROUTES.pos} element={<StaffPage title={IT_POS_PAGES.title}>{(me) => <PosPage role={me.role} />}</StaffPage>} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
