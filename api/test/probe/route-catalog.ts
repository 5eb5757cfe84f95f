export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One route of the product as the probe calls it: the path with real ids, and a valid body. */
export interface RouteSpec {
  method: Method;
  /** With `:name` parameters, as the route file declares it. */
  template: string;
  /** A real value for each parameter (of the caller's tenant). */
  params: Record<string, string>;
  query?: Record<string, string>;
  /** A valid JSON body, for routes that validate one (a 400 must then name the field). */
  body?: Record<string, unknown>;
  /** The route takes a multipart upload. */
  multipart?: boolean;
  /** A second entry of the same route (e.g. the guest's join): told apart in the report. */
  variant?: string;
}

export interface CatalogIds {
  host: string;
  companySlug: string;
  store: string;
  room: string;
  document: { id: string; url: string };
  spareDocument: string;
  visitorRequest: string;
  queuedRequest: string;
  guestRequest: string;
  invitationCode: string;
  reservation: string;
  ownEmail: string;
}

/** A made-up participant identity of the right shape: kicking it touches nobody real. */
export const UNKNOWN_IDENTITY = 'guest-5d9f3c2a-6b1e-4c8d-9a7f-0e1d2c3b4a59';

export const routeKey = (route: RouteSpec) => `${route.method} ${route.template}${route.variant ? ` (${route.variant})` : ''}`;

export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([a-zA-Z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${template}`);
    return value;
  });
}

/**
 * Every HTTP route of the API (read from api/src/**\/routes.ts and the README), in an order that
 * keeps the probe's own fixtures alive as long as they are needed: the visitor's cancel after its
 * other calls, the document delete after the uploads, the logout last.
 */
export function routeCatalog(ids: CatalogIds): RouteSpec[] {
  const download = new URL(ids.document.url, 'http://probe.invalid');
  return [
    { method: 'GET', template: '/api/company/:host', params: { host: ids.host } },
    { method: 'GET', template: '/api/config/company', params: {} },
    { method: 'GET', template: '/api/config/store/:storeId', params: { storeId: ids.store } },
    { method: 'GET', template: '/api/room/:id/translations', params: { id: ids.room } },
    { method: 'POST', template: '/api/login', params: {}, body: { company: ids.companySlug, username: 'admin', password: 'password-sbagliata' } },
    { method: 'GET', template: '/api/me', params: {} },
    { method: 'PUT', template: '/api/me', params: {}, body: { email: ids.ownEmail, firstName: 'Anna', lastName: 'Rossi' } },
    { method: 'PUT', template: '/api/me/update-password', params: {}, body: { currentPassword: 'password-sbagliata', newPassword: 'Nuova-Password-2026' } },
    { method: 'PUT', template: '/api/password-reset-request', params: {}, body: { company: ids.companySlug, email: 'nessuno@example.com' } },
    { method: 'POST', template: '/api/password-reset', params: {}, body: { token: 'x'.repeat(43), password: 'Nuova-Password-2026' } },
    { method: 'GET', template: '/api/subscription', params: {} },
    { method: 'GET', template: '/api/dev/outbox', params: {} },
    { method: 'GET', template: '/api/dev/sms-outbox', params: {} },
    { method: 'POST', template: '/api/video-room/:store/send-join-request', params: { store: ids.store }, body: { name: 'Lucia Bianchi', room: ids.room } },
    { method: 'POST', template: '/api/video-room/invitation/send-join-request', params: {}, body: { code: ids.invitationCode, name: 'Lucia Bianchi' } },
    { method: 'POST', template: '/api/video-room/reservation/:id/send-join-request', params: { id: ids.reservation }, body: { name: 'Lucia Bianchi' } },
    { method: 'POST', template: '/api/video-room/join-request/:id', params: { id: ids.visitorRequest } },
    {
      method: 'POST',
      template: '/api/video-room/join-request/:id/send-verification-code',
      params: { id: ids.visitorRequest },
      body: { phoneNumber: '+39 333 123 4567' },
    },
    { method: 'POST', template: '/api/video-room/join-request/:id/verify-verification-code', params: { id: ids.visitorRequest }, body: { code: '123456' } },
    { method: 'POST', template: '/api/video-room/join-request/:id/cancel', params: { id: ids.visitorRequest } },
    { method: 'GET', template: '/api/bo/join-requests', params: {} },
    { method: 'POST', template: '/api/video-room/join-request/:id/busy', params: { id: ids.queuedRequest }, body: { message: 'Un attimo, arrivo.' } },
    { method: 'POST', template: '/api/video-room/join-request/:id/reject', params: { id: ids.queuedRequest }, body: { message: 'Oggi non possiamo.' } },
    { method: 'POST', template: '/api/video-room/join-request/:id/approve', params: { id: ids.queuedRequest } },
    { method: 'POST', template: '/api/bo/invitations', params: {}, body: { room: ids.room, name: 'Lucia Bianchi' } },
    { method: 'POST', template: '/api/video-room/:id/join', params: { id: ids.room }, body: { displayName: 'Anna in sala' } },
    {
      method: 'POST',
      template: '/api/video-room/:id/join',
      params: { id: ids.room },
      body: { joinRequestId: ids.guestRequest, displayName: 'Ospite' },
      variant: 'guest',
    },
    { method: 'GET', template: '/api/room/:id/documents', params: { id: ids.room } },
    { method: 'POST', template: '/api/room/:id/documents', params: { id: ids.room }, multipart: true },
    { method: 'GET', template: '/api/documents/:id/download', params: { id: ids.document.id }, query: Object.fromEntries(download.searchParams) },
    { method: 'DELETE', template: '/api/documents/:id', params: { id: ids.spareDocument } },
    { method: 'POST', template: '/api/video-room/:id/kick/:participantId', params: { id: ids.room, participantId: UNKNOWN_IDENTITY } },
    { method: 'GET', template: '/api/realtime/lobby', params: {} },
    { method: 'GET', template: '/api/realtime/room', params: {} },
    { method: 'GET', template: '/remotes.json', params: {} },
    { method: 'GET', template: '/partecipa', params: {} },
    { method: 'POST', template: '/api/logout', params: {} },
  ];
}
