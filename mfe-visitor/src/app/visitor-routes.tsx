import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { ROUTES } from '@incontra/contracts/routes';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { usePageTitle } from '@incontra/mfe-kit/use-page-title';
import type { CompanyText } from '../features/texts/components/company-text-page';
import { useSelectedStore } from '../features/stores/hooks/use-selected-store';
import { WelcomeScreen } from '../features/welcome/components/welcome-screen';
import { CompanyFrame } from './company-frame';
import { ServiceSuspendedPage, useServiceSuspended } from './service-suspended';

/**
 * The store's upcoming webinars under the welcome page: a chunk of their own (the contracts'
 * schemas with them), loaded once the store is known. The welcome does without them: a chunk that
 * fails to load shows nothing, as a read that fails does.
 */
const StoreWebinars = lazy(() =>
  import('../features/webinars/components/store-webinars').then(
    (module) => ({ default: module.StoreWebinars }),
    () => ({ default: () => null }),
  ),
);

function upcomingWebinars(store: Store) {
  return (
    <Suspense fallback={null}>
      <StoreWebinars storeId={store.id} />
    </Suspense>
  );
}

function WelcomeRoute() {
  usePageTitle(IT_PAGE_TITLES.welcome);
  const { store, otherStores, isLoading, isError, retry } = useSelectedStore();
  return <WelcomeScreen store={store} otherStores={otherStores} isLoading={isLoading} isError={isError} onRetry={retry} upcoming={upcomingWebinars} />;
}

/**
 * The live flow (its steps, the lobby socket, the verification forms) is a chunk of its own:
 * the welcome page, the first thing every visitor loads, does not download it.
 */
const LivePage = lazy(() => import('../features/live/components/live-page').then((module) => ({ default: module.LivePage })));

function LiveRoute() {
  usePageTitle(IT_PAGE_TITLES.live);
  if (useServiceSuspended()) return <ServiceSuspendedPage heading={IT.visitor.liveTitle} />;
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <LivePage />
    </Suspense>
  );
}

/** The privacy and terms pages are their own chunk too: the welcome page does not carry them. */
const CompanyTextPage = lazy(() => import('../features/texts/components/company-text-page').then((module) => ({ default: module.CompanyTextPage })));

function CompanyTextRoute({ text }: { text: CompanyText }) {
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <CompanyTextPage text={text} />
    </Suspense>
  );
}

/** Booking and the customer's manage page: a chunk of their own (calendar, forms), loaded when opened. */
const BookingPage = lazy(() => import('../features/booking/components/booking-page').then((module) => ({ default: module.BookingPage })));
const ConfirmBookingPage = lazy(() => import('../features/booking/components/confirm-booking-page').then((module) => ({ default: module.ConfirmBookingPage })));
const ManageBookingPage = lazy(() => import('../features/booking/components/manage-booking-page').then((module) => ({ default: module.ManageBookingPage })));

function BookingRoute() {
  if (useServiceSuspended()) return <ServiceSuspendedPage heading={IT.visitor.bookingTitle} />;
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <BookingPage />
    </Suspense>
  );
}

function ConfirmBookingRoute() {
  if (useServiceSuspended()) return <ServiceSuspendedPage heading={IT.visitor.bookingTitle} />;
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <ConfirmBookingPage />
    </Suspense>
  );
}

function ManageBookingRoute() {
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <ManageBookingPage />
    </Suspense>
  );
}

/** A customer's payment request and its test-mode authentication: a chunk of their own, the card forms with them. */
const PaymentPage = lazy(() => import('../features/payment/components/payment-page').then((module) => ({ default: module.PaymentPage })));
const PaymentAuthenticationPage = lazy(() =>
  import('../features/payment/components/payment-authentication-page').then((module) => ({ default: module.PaymentAuthenticationPage })),
);

function PaymentRoute() {
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <PaymentPage />
    </Suspense>
  );
}

function PaymentAuthenticationRoute() {
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <PaymentAuthenticationPage />
    </Suspense>
  );
}

/** A webinar's page (with its registration form) and the registrant's own page: one chunk, loaded when opened. */
const WebinarPage = lazy(() => import('../features/webinars/components/webinar-page').then((module) => ({ default: module.WebinarPage })));
const WebinarRegistrationPage = lazy(() =>
  import('../features/webinars/components/registration-page').then((module) => ({ default: module.RegistrationPage })),
);

function WebinarRoute() {
  usePageTitle(IT_PAGE_TITLES.webinar);
  if (useServiceSuspended()) return <ServiceSuspendedPage heading={IT_PAGE_TITLES.webinar} />;
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <WebinarPage />
    </Suspense>
  );
}

function WebinarRegistrationRoute() {
  usePageTitle(IT_PAGE_TITLES.webinarRegistration);
  return (
    <Suspense fallback={<PageLoader minHeight="50vh" />}>
      <WebinarRegistrationPage />
    </Suspense>
  );
}

export function VisitorRoutes() {
  return (
    <Routes>
      <Route element={<CompanyFrame />}>
        <Route path={ROUTES.welcome} element={<WelcomeRoute />} />
        <Route path={ROUTES.live} element={<LiveRoute />} />
        <Route path={ROUTES.booking} element={<BookingRoute />} />
        <Route path={`${ROUTES.booking}/conferma`} element={<ConfirmBookingRoute />} />
        <Route path={`${ROUTES.manageBooking}/:id`} element={<ManageBookingRoute />} />
        <Route path={`${ROUTES.payment}/:token`} element={<PaymentRoute />} />
        <Route path={`${ROUTES.paymentAuthentication}/:token`} element={<PaymentAuthenticationRoute />} />
        <Route path={`${ROUTES.webinar}/:id`} element={<WebinarRoute />} />
        <Route path={`${ROUTES.webinarRegistration}/:id`} element={<WebinarRegistrationRoute />} />
        <Route path={ROUTES.privacy} element={<CompanyTextRoute text="privacy" />} />
        <Route path={ROUTES.terms} element={<CompanyTextRoute text="terms" />} />
        <Route path="*" element={<NotFoundNotice />} />
      </Route>
    </Routes>
  );
}
