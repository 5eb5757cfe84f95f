import { can, type Permission } from '@incontra/contracts/permissions';
import { USER_ROLES, type UserRole } from '@incontra/contracts/api/auth';

/** Any signed-in staff member of the company, whatever their role. */
export const ANY_STAFF = 'anyStaff';
export type RouteAccess = Permission | typeof ANY_STAFF;

/** The staff member's own profile and password: everybody's, whatever the subscription's state. */
const OWN_PROFILE: Readonly<Record<string, RouteAccess>> = {
  'PUT /api/me': ANY_STAFF,
  'PUT /api/me/update-password': ANY_STAFF,
};

/** The subscription page's admin calls (billing data, the card, plan changes, cancellation, the invoices with their receipt and FatturaPA file): the same in both tables below. */
const SUBSCRIPTION_ADMIN: Readonly<Record<string, RouteAccess>> = {
  'GET /api/subscription/billing': 'manageSubscription',
  'POST /api/subscription/billing': 'manageSubscription',
  'GET /api/subscription/payment': 'manageSubscription',
  'POST /api/subscription/payment': 'manageSubscription',
  'GET /api/subscription/setup-intent': 'manageSubscription',
  'POST /api/subscription/checkout-preview': 'manageSubscription',
  'POST /api/subscription/checkout': 'manageSubscription',
  'POST /api/subscription/cancel': 'manageSubscription',
  'GET /api/payments/company': 'manageSubscription',
  'GET /api/payments/company/:id/receipt': 'manageSubscription',
  'GET /api/payments/company/:id/e-invoice': 'manageSubscription',
};

/*
 * THE table of staff routes × who may call them ("METHOD /path" as registered). Every route
 * registered with registerStaffRoutes must be here (the app refuses to start otherwise), and
 * api/test/route-permissions.test.ts calls each one as admin, operator and signed out.
 * The roles behind each permission are in @incontra/contracts/permissions.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteAccess>> = {
  // The staff member's own profile.
  ...OWN_PROFILE,
  // The live queue and the rooms (their store scope is checked by the lobby and the video room).
  'GET /api/bo/join-requests': ANY_STAFF,
  'POST /api/bo/invitations': ANY_STAFF,
  'POST /api/video-room/join-request/:id/approve': ANY_STAFF,
  'POST /api/video-room/join-request/:id/reject': ANY_STAFF,
  'POST /api/video-room/join-request/:id/busy': ANY_STAFF,
  'POST /api/video-room/:id/kick/:participantId': ANY_STAFF,
  // The agenda (booking's store scope is checked by its service: operators, the stores they serve).
  'GET /api/bo/reservations': ANY_STAFF,
  'POST /api/bo/reservations': ANY_STAFF,
  'GET /api/bo/reservations/:id': ANY_STAFF,
  'POST /api/bo/reservations/:id': ANY_STAFF,
  'DELETE /api/bo/reservations/:id': ANY_STAFF,
  'POST /api/bo/reservations/:id/refund': ANY_STAFF,
  'POST /api/bo/reservation_participants': ANY_STAFF,
  'DELETE /api/bo/reservation_participants/:id': ANY_STAFF,
  // The subscription summary is read by everybody; changing it is the admin's.
  'GET /api/subscription': ANY_STAFF,
  ...SUBSCRIPTION_ADMIN,
  // The company's account for its customers' payments (Stripe Connect onboarding): the admins'.
  'GET /api/payments/account': 'manageSubscription',
  'POST /api/payments/account/onboarding': 'manageSubscription',

  // Users.
  'GET /api/users': 'manageUsers',
  'GET /api/users/:id': 'manageUsers',
  'POST /api/users': 'manageUsers',
  'POST /api/users/:id': 'manageUsers',
  'DELETE /api/users/:id': 'manageUsers',

  // Stores, their walls and topics.
  'GET /api/stores': 'readStores',
  'GET /api/company/:id/stores': 'readStores',
  'POST /api/store': 'manageStores',
  'GET /api/store/:id': 'readStores',
  'POST /api/store/:id': 'manageStores',
  'DELETE /api/store/:id': 'manageStores',
  'POST /api/store/:id/wall': 'manageStores',
  'GET /api/store/:id/topics': 'readStores',
  'POST /api/store/:id/topics': 'manageTopics',
  'POST /api/topic/:id': 'manageTopics',
  'DELETE /api/topic/:id': 'manageTopics',

  // Rooms, their slots, weekly opening and dated exceptions.
  'GET /api/rooms': 'readStores',
  'POST /api/room': 'manageRooms',
  'GET /api/room/:id': 'readStores',
  'POST /api/room/:id': 'manageRooms',
  'DELETE /api/room/:id': 'manageRooms',
  'GET /api/room/:id/slots': 'readStores',
  'POST /api/room/:id/slots': 'manageRooms',
  'GET /api/room/:id/opening': 'readStores',
  'POST /api/room/:id/opening': 'manageRooms',
  'POST /api/room/:id/exceptions': 'manageRooms',
  'DELETE /api/room/:id/exceptions/:date': 'manageRooms',

  // A room's content: documents and translations (operators: of the stores they serve).
  'GET /api/room/:id/documents': 'manageRoomContent',
  'DELETE /api/documents/:id': 'manageRoomContent',
  'POST /api/room/:id/translations/:lang': 'manageRoomContent',
  'DELETE /api/room/:id/translations/:lang/:key': 'manageRoomContent',

  // The company: data, look, time zone, texts, wall, editor images. (Reading them is public:
  // GET /api/company/{host or id}, GET /api/company/{id}/privacy and /tos.)
  'POST /api/company/:id': 'manageCompany',
  'POST /api/company/:id/privacy': 'manageCompany',
  'POST /api/company/:id/tos': 'manageCompany',
  'POST /api/company/:id/wall': 'manageCompany',
  'POST /api/editor/upload-image': 'manageCompany',

  // The point of sale: staff who take payments, for the stores they serve (checked in the same
  // statement by its repository); its expiry setting is a company setting.
  'GET /api/pos/create': 'takePayments',
  'POST /api/pos/create-payment': 'takePayments',
  'GET /api/pos/payment': 'takePayments',
  'GET /api/pos/payment/:id': 'takePayments',
  'GET /api/pos/payment/:id/cancel': 'takePayments',
  'GET /api/pos/payment/:id/verify': 'takePayments',
  'GET /api/pos/settings': 'manageCompany',
  'PUT /api/pos/settings': 'manageCompany',
  // Webinars: staff of the stores served (checked by the service, another store's is a 404); the
  // presenter's join also needs to be one of its presenters. Visitors' calls are public.
  'GET /api/webinar': 'runWebinars',
  'POST /api/webinar': 'runWebinars',
  'GET /api/webinar/:id': 'runWebinars',
  'POST /api/webinar/:id': 'runWebinars',
  'GET /api/webinar/:id/reservation': 'runWebinars',
  'GET /api/webinar/:id/join': 'runWebinars',
  // The replay: staff of the store watch and download it; deleting it is the company's decision.
  'GET /api/webinar/:id/replay': 'runWebinars',
  'DELETE /api/webinar/:id/replay': 'manageCompany',
  // The activity log, and the e-mails that could not be delivered.
  'GET /api/activity': 'readActivity',
  // Its retention: read with the log; changing it (it deletes entries) is a company setting.
  'GET /api/activity/retention': 'readActivity',
  'PUT /api/activity/retention': 'manageCompany',
  'GET /api/bo/mail/undelivered': 'readActivity',
  'POST /api/bo/mail/undelivered/:id/retry': 'manageCompany',
};

/*
 * What stays open while the company is open only for billing (billing/lockout: a trial over, a
 * subscription cancelled at its end), and for whom; every other staff route answers 403
 * (IT_LOCKOUT), so a new route is locked by default. A line here still needs its line above: its
 * role is checked first. Sign-in and sign-out, GET /api/me, the company's public read and the
 * test mode's card confirmation are not staff routes and stay open anyway.
 */
export const OPEN_WHEN_BILLING_ONLY: Readonly<Record<string, RouteAccess>> = {
  // Everybody's own profile and password.
  ...OWN_PROFILE,
  // The subscription page: the admins', operators have nothing to do there.
  'GET /api/subscription': 'manageSubscription',
  ...SUBSCRIPTION_ADMIN,
};

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

export function routeAccess(method: string, url: string): RouteAccess | undefined {
  return ROUTE_PERMISSIONS[routeKey(method, url)];
}

/** Whether a staff member of this role (as stored) may make a call of this access. */
export function roleMay(role: string, access: RouteAccess): boolean {
  if (!(USER_ROLES as readonly string[]).includes(role)) return false;
  return access === ANY_STAFF || can(role as UserRole, access);
}
