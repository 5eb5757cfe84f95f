import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';

/** The back office's navigation, in order. The subscription page belongs to the billing remote. */
export const SECTIONS = [
  { path: ROUTES.admin, label: IT_BACKOFFICE.nav.dashboard },
  { path: ROUTES.liveQueue, label: IT_LOBBY.staff.navLabel },
  { path: ROUTES.profile, label: IT_BACKOFFICE.nav.profile },
  { path: ROUTES.password, label: IT_BACKOFFICE.nav.password },
  { path: ROUTES.billing, label: IT_BACKOFFICE.nav.billing },
] as const;
