import { Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES } from '@incontra/contracts/routes';
import { usePageTitle } from '@incontra/mfe-kit/use-page-title';
import { LoginForm } from '../features/auth/components/login-form';
import { PasswordResetForm } from '../features/auth/components/password-reset-form';
import { PasswordResetRequestForm } from '../features/auth/components/password-reset-request-form';
import { RequireUser } from '../features/auth/components/require-user';
import { displayName, useRequiredUser } from '../features/auth/hooks/use-required-user';
import { Dashboard } from '../features/dashboard/components/dashboard';
import { LiveQueuePage } from '../features/live-queue/components/live-queue-page';
import { PasswordForm } from '../features/profile/components/password-form';
import { ProfileForm } from '../features/profile/components/profile-form';
import { UsersPage } from '../features/users/components/users-page';
import { StoresPage } from '../features/stores/components/stores-page';
import { RoomsPage } from '../features/rooms/components/rooms-page';
import { TopicsPage } from '../features/topics/components/topics-page';
import { DocumentsPage } from '../features/documents/components/documents-page';
import { TranslationsPage } from '../features/translations/components/translations-page';
import { CompanyPage } from '../features/company/components/company-page';
import { ActivityPage } from '../features/activity/components/activity-page';
import { AgendaPage } from '../features/agenda/components/agenda-page';
import { UndeliveredMailPage } from '../features/mail/components/undelivered-mail-page';
import { NewWebinarPage } from '../features/webinars/components/new-webinar-page';
import { WebinarPage } from '../features/webinars/components/webinar-page';
import { WebinarsPage } from '../features/webinars/components/webinars-page';
import { BackofficeLayout } from './backoffice-layout';
import { BackofficeNotFound } from './backoffice-not-found';
import { FramedRemote } from './framed-remote';
import { SectionGuard } from './section-guard';
import { pageTitleFor } from './sections';

function DashboardRoute() {
  const user = useRequiredUser();
  return <Dashboard user={user} name={displayName(user)} />;
}

function LiveQueueRoute() {
  return <LiveQueuePage selfId={useRequiredUser().id} />;
}

function ProfileRoute() {
  return <ProfileForm user={useRequiredUser()} />;
}

/** The browser tab names the page: the sign-in pages, or the section the path is in. */
function RouteTitle() {
  const { pathname } = useLocation();
  usePageTitle(pageTitleFor(pathname));
  return null;
}

export function BackofficeRoutes() {
  return (
    <>
      <RouteTitle />
      <Routes>
        <Route path={ROUTES.login} element={<LoginForm />} />
        <Route path={ROUTES.passwordResetRequest} element={<PasswordResetRequestForm />} />
        <Route path={ROUTES.passwordReset} element={<PasswordResetForm />} />
        <Route element={<RequireUser />}>
          <Route element={<BackofficeLayout />}>
            <Route path={ROUTES.admin} element={<DashboardRoute />} />
            <Route path={ROUTES.liveQueue} element={<LiveQueueRoute />} />
            <Route path={`${ROUTES.agenda}/*`} element={<AgendaPage />} />
            <Route path={ROUTES.profile} element={<ProfileRoute />} />
            <Route path={ROUTES.password} element={<PasswordForm />} />
            {/* The subscription and the point of sale are the billing remote's pages, shown inside this layout. */}
            <Route path={`${ROUTES.billing}/*`} element={<FramedRemote remote="billing" />} />
            <Route path={`${ROUTES.pos}/*`} element={<FramedRemote remote="billing" />} />
            <Route element={<SectionGuard />}>
              <Route path={`${ROUTES.users}/*`} element={<UsersPage />} />
              <Route path={`${ROUTES.stores}/*`} element={<StoresPage />} />
              <Route path={`${ROUTES.rooms}/*`} element={<RoomsPage />} />
              <Route path={`${ROUTES.topics}/*`} element={<TopicsPage />} />
              <Route path={`${ROUTES.documents}/*`} element={<DocumentsPage />} />
              <Route path={`${ROUTES.translations}/*`} element={<TranslationsPage />} />
              <Route path={`${ROUTES.company}/*`} element={<CompanyPage />} />
              <Route path={`${ROUTES.activity}/*`} element={<ActivityPage />} />
              <Route path={ROUTES.undeliveredMail} element={<UndeliveredMailPage />} />
              <Route path={ROUTES.webinars} element={<WebinarsPage />} />
              <Route path={`${ROUTES.webinars}/nuovo`} element={<NewWebinarPage />} />
              <Route path={`${ROUTES.webinars}/:id`} element={<WebinarPage />} />
            </Route>
            <Route path={`${ROUTES.admin}/*`} element={<BackofficeNotFound />} />
          </Route>
        </Route>
        {/* Paths of other remotes, seen for a moment while the shell switches: not ours to show. */}
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}
