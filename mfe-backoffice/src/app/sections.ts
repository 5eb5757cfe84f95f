import type { UserRole } from '@incontra/contracts/api/auth';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { can, type Permission } from '@incontra/contracts/permissions';
import { ROUTES } from '@incontra/contracts/routes';

interface Section {
  path: string;
  label: string;
  /** Shown only to the roles holding this permission (the API refuses the others anyway). */
  permission?: Permission;
}

/** The back office's navigation, in order. The subscription page belongs to the billing remote. */
export const SECTIONS: readonly Section[] = [
  { path: ROUTES.admin, label: IT_BACKOFFICE.nav.dashboard },
  { path: ROUTES.liveQueue, label: IT_LOBBY.staff.navLabel },
  { path: ROUTES.agenda, label: IT_AGENDA.nav },
  { path: ROUTES.webinars, label: IT_WEBINAR_BACKOFFICE.nav, permission: 'runWebinars' },
  { path: ROUTES.pos, label: IT_POS_PAGES.nav, permission: 'takePayments' },
  { path: ROUTES.users, label: IT_MANAGEMENT.nav.users, permission: 'manageUsers' },
  { path: ROUTES.stores, label: IT_MANAGEMENT.nav.stores, permission: 'readStores' },
  { path: ROUTES.rooms, label: IT_MANAGEMENT.nav.rooms, permission: 'readStores' },
  { path: ROUTES.topics, label: IT_MANAGEMENT.nav.topics, permission: 'readStores' },
  { path: ROUTES.documents, label: IT_MANAGEMENT.nav.documents, permission: 'manageRoomContent' },
  { path: ROUTES.translations, label: IT_MANAGEMENT.nav.translations, permission: 'manageRoomContent' },
  { path: ROUTES.company, label: IT_MANAGEMENT.nav.company, permission: 'manageCompany' },
  { path: ROUTES.activity, label: IT_MANAGEMENT.nav.activity, permission: 'readActivity' },
  { path: ROUTES.undeliveredMail, label: IT_BACKOFFICE.nav.undeliveredMail, permission: 'readActivity' },
  { path: ROUTES.profile, label: IT_BACKOFFICE.nav.profile },
  { path: ROUTES.password, label: IT_BACKOFFICE.nav.password },
  { path: ROUTES.billing, label: IT_BACKOFFICE.nav.billing },
];

/** The sections this role may open. */
export function sectionsFor(role: UserRole): readonly Section[] {
  return SECTIONS.filter((section) => !section.permission || can(role, section.permission));
}

/** Whether the section at `pathname` (or below it) is one this role may open. */
export function mayOpen(role: UserRole, pathname: string): boolean {
  const section = SECTIONS.find((candidate) => candidate.path !== ROUTES.admin && (pathname === candidate.path || pathname.startsWith(`${candidate.path}/`)));
  return !section?.permission || can(role, section.permission);
}

const SIGN_IN_TITLES: Record<string, string> = {
  [ROUTES.login]: IT_PAGE_TITLES.signIn,
  [ROUTES.passwordResetRequest]: IT_PAGE_TITLES.passwordResetRequest,
  [ROUTES.passwordReset]: IT_PAGE_TITLES.passwordReset,
};

/** What the browser tab calls the page at `pathname`: its sign-in page or its section. */
export function pageTitleFor(pathname: string): string {
  const signIn = SIGN_IN_TITLES[pathname.replace(/\/+$/, '')];
  if (signIn) return signIn;
  const section = SECTIONS.find((candidate) => candidate.path !== ROUTES.admin && (pathname === candidate.path || pathname.startsWith(`${candidate.path}/`)));
  return (section ?? SECTIONS[0]!).label;
}
