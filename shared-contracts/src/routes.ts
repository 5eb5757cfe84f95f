/** Which remote owns which paths. The shell registers one single-spa application per entry. */
export const REMOTE_NAMES = ['visitor', 'room', 'backoffice', 'billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const ROUTES = {
  welcome: '/',
  live: '/partecipa',
  booking: '/prenota',
  /** A customer's reservation: /prenotazione/{id}?token=… (view, move, cancel). */
  manageBooking: '/prenotazione',
  /** A webinar's page for visitors: /webinar/{id} (details, registration). */
  webinar: '/webinar',
  /** A registrant's page: /webinar/iscrizione/{id}?token=… (calendar, cancel, the way in). */
  webinarRegistration: '/webinar/iscrizione',
  /** A payment request's page for its customer: /pagamento/{token}. */
  payment: '/pagamento',
  /** The test mode's card authentication for a customer's payment: /pagamento/autenticazione/{token} (public). */
  paymentAuthentication: '/pagamento/autenticazione',
  privacy: '/privacy',
  terms: '/termini',
  room: '/room',
  deviceCheck: '/room/verifica',
  /** A webinar's live session: /room/webinar/{id}, with the join credential this tab was given (the room remote). */
  webinarLive: '/room/webinar',
  admin: '/admin',
  login: '/admin/login',
  passwordResetRequest: '/admin/password-dimenticata',
  passwordReset: '/admin/reimposta-password',
  profile: '/admin/profilo',
  password: '/admin/password',
  billing: '/admin/abbonamento',
  /** The test mode's card authentication: /admin/abbonamento/autenticazione/{token}. */
  billingAuthentication: '/admin/abbonamento/autenticazione',
  /** The point of sale's requests and totals (the billing remote). */
  pos: '/admin/pagamenti',
  liveQueue: '/admin/diretta',
  /** Webinars: the list, the editor (/admin/webinar/{id}, /admin/webinar/nuovo), its registrations and the presenter's console. */
  webinars: '/admin/webinar',
  /** The staff's agenda: day and week views, the list with its CSV export. */
  agenda: '/admin/agenda',
  users: '/admin/utenti',
  stores: '/admin/punti-vendita',
  rooms: '/admin/stanze',
  topics: '/admin/argomenti',
  documents: '/admin/documenti',
  translations: '/admin/traduzioni',
  company: '/admin/azienda',
  activity: '/admin/attivita',
  /** Admins: e-mails the mail server refused, with a retry. */
  undeliveredMail: '/admin/email-non-consegnate',
} as const;

interface RouteOwnership {
  /** Exact paths owned. */
  exact: readonly string[];
  /** Path prefixes owned (a prefix matches itself and anything below it). */
  prefixes: readonly string[];
  /** Prefixes carved out of `prefixes` for another remote. */
  except?: readonly string[];
}

export const ROUTE_TABLE: Record<RemoteName, RouteOwnership> = {
  visitor: {
    exact: [ROUTES.welcome, ROUTES.privacy, ROUTES.terms],
    prefixes: [ROUTES.live, ROUTES.booking, ROUTES.manageBooking, ROUTES.webinar, ROUTES.payment],
  },
  room: { exact: [], prefixes: [ROUTES.room] },
  billing: { exact: [], prefixes: [ROUTES.billing, ROUTES.pos] },
  backoffice: { exact: [], prefixes: [ROUTES.admin], except: [ROUTES.billing, ROUTES.pos] },
};

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOwnedBy(remote: RemoteName, rawPathname: string): boolean {
  const pathname = normalize(rawPathname);
  const owned = ROUTE_TABLE[remote];
  if (owned.exact.includes(pathname)) return true;
  if (owned.except?.some((prefix) => underPrefix(pathname, prefix))) return false;
  return owned.prefixes.some((prefix) => underPrefix(pathname, prefix));
}

/**
 * Remotes that keep their frame around another's pages: the back office's layout (header, menu)
 * stays around the subscription page, which the billing remote renders inside it. The framing
 * remote is mounted there too and holds the other's container (remoteContainerId) in its layout.
 */
export const FRAMES: Partial<Record<RemoteName, readonly RemoteName[]>> = { backoffice: ['billing'] };

/** Whether `remote` is mounted on the path: it owns it, or it frames the remote that does. */
export function isShownBy(remote: RemoteName, pathname: string): boolean {
  return isOwnedBy(remote, pathname) || (FRAMES[remote] ?? []).some((framed) => isOwnedBy(framed, pathname));
}

/** The shell's element holding the remotes' containers. */
export const APPS_ROOT_ID = 'incontra-apps';

/** The id of the element a remote renders into (made by the shell when nobody holds one yet). */
export const remoteContainerId = (remote: RemoteName) => `single-spa-application:${remote}`;

export function remoteForPath(pathname: string): RemoteName | null {
  return REMOTE_NAMES.find((remote) => isOwnedBy(remote, pathname)) ?? null;
}

/** The spec: any route whose path contains admin runs in the admin context. */
export function isAdminPath(pathname: string): boolean {
  return pathname.includes('admin');
}

/**
 * The `next` of a sign-in link (`/admin/login?next=/room/…`), when it is a path of this site;
 * anything else (another origin, `//host`, a backslash trick) is ignored.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return /^\/[\w\-./~%?=&]*$/.test(value) ? value : null;
}

export function loginPathFor(next: string): string {
  return `${ROUTES.login}?next=${encodeURIComponent(next)}`;
}
