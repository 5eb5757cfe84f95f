import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';

/** The back office's navigation, in order. The subscription page belongs to the billing remote. */
export const SECTIONS = [
  { path: ROUTES.admin, label: IT.backoffice.nav.dashboard },
  { path: ROUTES.profile, label: IT.backoffice.nav.profile },
  { path: ROUTES.password, label: IT.backoffice.nav.password },
  { path: ROUTES.billing, label: IT.backoffice.nav.billing },
] as const;
