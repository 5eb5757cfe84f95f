import { SESSION } from '@incontra/contracts/constants';
import { cookieHeader } from './callers';
import { multipartVariants } from './multipart-variants';
import { JSON_TYPE } from './probe-request';
import type { TenantWorld } from './probe-world';

/** One cross-tenant call and the answers that count as a refusal. */
export interface IsolationProbe {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Statuses that refuse; null for the caller's own reads, which succeed and are only scanned. */
  refused: readonly number[] | null;
}

const REFUSED = [401, 404] as const;
/** On another company's host a cookie session is unknown; a write may also stop at the CSRF check. */
const REFUSED_CROSS_HOST_WRITE = [401, 403, 404] as const;

type Credentials = { name: string; headers: Record<string, string> };

const [wellFormedUpload] = multipartVariants('document');
const [wellFormedChat] = multipartVariants('chat');

function staffCookie(world: TenantWorld, host: string): Credentials {
  const headers: Record<string, string> = { host, cookie: cookieHeader(world.admin.cookies) };
  if (world.admin.csrf) headers[SESSION.csrfHeaderName] = world.admin.csrf;
  return { name: `${world.companyName} staff (cookie)`, headers };
}

function operatorCookie(world: TenantWorld, host: string): Credentials {
  const headers: Record<string, string> = { host, cookie: cookieHeader(world.operator.cookies) };
  if (world.operator.csrf) headers[SESSION.csrfHeaderName] = world.operator.csrf;
  return { name: `${world.companyName} operator (cookie)`, headers };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** The same call with its ids in upper case: PostgreSQL reads them as the same uuid, string checks do not. */
const shouted = (call: Call): Call => ({
  ...call,
  url: call.url.replace(UUID, (id) => id.toUpperCase()),
  payload: typeof call.payload === 'string' ? call.payload.replace(UUID, (id) => id.toUpperCase()) : call.payload,
});

function staffBearer(world: TenantWorld, host: string): Credentials {
  return { name: `${world.companyName} staff (Bearer session)`, headers: { host, authorization: `Bearer ${world.admin.sessionId ?? ''}` } };
}

function bearer(name: string, token: string, host: string, browser?: TenantWorld['visitor']['browser']): Credentials {
  const headers: Record<string, string> = { host, authorization: `Bearer ${token}` };
  if (browser) headers.cookie = cookieHeader(browser.cookies);
  return { name, headers };
}

/** A signed-out browser of `host` (it holds a CSRF cookie, as the visitor app's browser does). */
function anonymous(world: TenantWorld, host: string): Credentials {
  const browser = world.visitor.browser;
  const headers: Record<string, string> = { host, cookie: cookieHeader(browser.cookies) };
  if (browser.csrf) headers[SESSION.csrfHeaderName] = browser.csrf;
  return { name: 'signed-out browser', headers };
}

/** A call before its credentials are added. */
interface Call {
  method: IsolationProbe['method'];
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

const post = (url: string, body?: { payload?: string | Buffer; headers?: Record<string, string> }): Call => ({ method: 'POST', url, ...body });
const jsonCall = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': JSON_TYPE } });

/** The public reads that take ids: anyone on a company's host may read that company's. */
function publicCalls(ids: TenantWorld): Call[] {
  return [
    ...ids.stores.map((store): Call => ({ method: 'GET', url: `/api/config/store/${store.id}` })),
    ...ids.rooms.map((room): Call => ({ method: 'GET', url: `/api/room/${room.id}/translations` })),
  ];
}

/** The staff routes that take ids, called with `ids`'s rows. */
function staffCalls(ids: TenantWorld): Call[] {
  const message = jsonCall({ message: 'Sonda di isolamento.' });
  return [
    ...ids.rooms.flatMap((room): Call[] => [
      { method: 'GET', url: `/api/room/${room.id}/documents` },
      { method: 'GET', url: `/api/room/${room.id}/documents?kind=chat` },
      post(`/api/room/${room.id}/documents`, wellFormedUpload),
      post(`/api/video-room/${room.id}/join`, jsonCall({})),
      post(`/api/video-room/${room.id}/kick/${ids.guest.join.identity}`),
      post('/api/bo/invitations', jsonCall({ room: room.id })),
    ]),
    { method: 'GET', url: `/api/documents/${ids.document.id}/download` },
    { method: 'DELETE', url: `/api/documents/${ids.spareDocumentId}` },
    ...[ids.queuedRequestId, ids.visitor.id, ids.guest.visitor.id].flatMap((id) => [
      post(`/api/video-room/join-request/${id}/approve`),
      post(`/api/video-room/join-request/${id}/reject`, message),
      post(`/api/video-room/join-request/${id}/busy`, message),
    ]),
  ];
}

function withCredentials(
  credentials: Credentials,
  calls: Call[],
  refused: readonly number[] | ((method: string) => readonly number[]),
  about: string,
): IsolationProbe[] {
  return calls.map((call) => ({
    label: `${credentials.name} on ${credentials.headers.host}, ${about}: ${call.method} ${call.url}`,
    method: call.method,
    url: call.url,
    payload: call.payload,
    headers: { ...(call.headers ?? {}), ...credentials.headers },
    refused: typeof refused === 'function' ? refused(call.method) : refused,
  }));
}

/** Visitor and guest calls naming `target`'s rows. */
function visitorCalls(target: TenantWorld, ownStoreId: string) {
  const name = { name: 'Sonda Isolamento' };
  return {
    sends: [
      post(`/api/video-room/${target.room.storeId}/send-join-request`, jsonCall({ ...name, room: target.room.id })),
      post(`/api/video-room/${ownStoreId}/send-join-request`, jsonCall({ ...name, room: target.room.id })),
      post('/api/video-room/invitation/send-join-request', jsonCall({ ...name, code: target.invitationCode })),
      post(`/api/video-room/reservation/${target.reservation.id}/send-join-request`, jsonCall(name)),
    ],
    requestCalls: (id: string) => [
      post(`/api/video-room/join-request/${id}`),
      post(`/api/video-room/join-request/${id}/send-verification-code`, jsonCall({ phoneNumber: '+39 333 123 4567' })),
      post(`/api/video-room/join-request/${id}/verify-verification-code`, jsonCall({ code: '123456' })),
      post(`/api/video-room/join-request/${id}/cancel`),
    ],
    guestJoin: (roomId: string, requestId: string) => [post(`/api/video-room/${roomId}/join`, jsonCall({ joinRequestId: requestId }))],
    chatUpload: (roomId: string) => [post(`/api/room/${roomId}/documents`, wellFormedChat)],
  };
}

/** The caller's own reads that succeed: their bodies are scanned for the other tenant. */
function ownReads(own: TenantWorld): IsolationProbe[] {
  const staff = staffCookie(own, own.host);
  const reads = [
    '/api/me',
    '/api/subscription',
    '/api/bo/join-requests',
    '/api/config/company',
    `/api/company/${own.host}`,
    ...own.stores.map((store) => `/api/config/store/${store.id}`),
    ...own.rooms.flatMap((room) => [`/api/room/${room.id}/documents`, `/api/room/${room.id}/documents?kind=chat`, `/api/room/${room.id}/translations`]),
  ];
  return [
    ...withCredentials(
      staff,
      reads.map((url): Call => ({ method: 'GET', url })),
      [],
      'own read',
    ).map((probe) => ({ ...probe, refused: null })),
    ...withCredentials(
      bearer('own visitor', own.visitor.token, own.host),
      [{ method: 'POST', url: `/api/video-room/join-request/${own.visitor.id}` }],
      [],
      'own status',
    ).map((probe) => ({ ...probe, refused: null })),
  ];
}

/**
 * Every cross-tenant probe from `own`'s side: its staff and visitors on its host with `other`'s
 * ids, and its credentials on `other`'s host (with either tenant's ids).
 */
export function isolationProbes(own: TenantWorld, other: TenantWorld): IsolationProbe[] {
  const probes: IsolationProbe[] = [];
  const otherIds = staffCalls(other);
  const ownIds = [...publicCalls(own), ...staffCalls(own)];
  for (const credentials of [staffCookie(own, own.host), staffBearer(own, own.host), operatorCookie(own, own.host)]) {
    probes.push(...withCredentials(credentials, [...publicCalls(other), ...otherIds], REFUSED, `${other.companyName}'s ids`));
  }
  // A participant identity is lower case by contract: in upper case it is a 400, also a refusal.
  probes.push(
    ...withCredentials(
      staffCookie(own, own.host),
      [...publicCalls(other), ...otherIds].map(shouted),
      [400, ...REFUSED],
      `${other.companyName}'s ids in upper case`,
    ),
  );
  for (const credentials of [staffCookie(own, other.host), staffBearer(own, other.host)]) {
    const refused = (method: string) => (method === 'GET' || credentials.headers.authorization ? REFUSED : REFUSED_CROSS_HOST_WRITE);
    probes.push(...withCredentials(credentials, otherIds, refused, `${other.companyName}'s ids`));
    probes.push(...withCredentials(credentials, ownIds, refused, `${own.companyName}'s ids`));
    probes.push(
      ...withCredentials(
        credentials,
        ['/api/me', '/api/subscription', '/api/bo/join-requests'].map((url): Call => ({ method: 'GET', url })),
        REFUSED,
        'session reads',
      ),
    );
  }

  const toOther = visitorCalls(other, own.room.storeId);
  const anonymousHere = anonymous(own, own.host);
  probes.push(...withCredentials(anonymousHere, [...publicCalls(other), ...toOther.sends], REFUSED, `${other.companyName}'s ids`));
  probes.push(...withCredentials(anonymousHere, [{ method: 'GET', url: other.document.url }], REFUSED, `${other.companyName}'s signed link`));
  const otherVisitorHere = bearer(`${other.companyName} visitor`, other.visitor.token, own.host, own.visitor.browser);
  const ownVisitorHere = bearer(`${own.companyName} visitor`, own.visitor.token, own.host, own.visitor.browser);
  for (const credentials of [otherVisitorHere, ownVisitorHere]) {
    probes.push(
      ...withCredentials(credentials, [other.visitor.id, other.queuedRequestId].flatMap(toOther.requestCalls), REFUSED, `${other.companyName}'s requests`),
    );
  }
  probes.push(
    ...withCredentials(
      bearer(`${other.companyName} guest`, other.guest.visitor.token, own.host),
      toOther.guestJoin(other.room.id, other.guest.visitor.id),
      REFUSED,
      'its own entry',
    ),
    ...withCredentials(
      bearer(`${own.companyName} guest`, own.guest.visitor.token, own.host),
      toOther.guestJoin(other.room.id, own.guest.visitor.id),
      REFUSED,
      `${other.companyName}'s room`,
    ),
    ...withCredentials(
      bearer(`${other.companyName} guest upload token`, other.guest.join.uploadToken, own.host),
      toOther.chatUpload(other.room.id),
      REFUSED,
      'its own room',
    ),
    ...withCredentials(
      bearer(`${own.companyName} guest upload token`, own.guest.join.uploadToken, own.host),
      toOther.chatUpload(other.room.id),
      REFUSED,
      `${other.companyName}'s room`,
    ),
  );

  // The caller's own credentials carried to the other company's host.
  const fromOwn = visitorCalls(own, own.room.storeId);
  probes.push(
    ...withCredentials(bearer(`${own.companyName} visitor`, own.visitor.token, other.host), fromOwn.requestCalls(own.visitor.id), REFUSED, 'its own request'),
    ...withCredentials(
      bearer(`${own.companyName} guest`, own.guest.visitor.token, other.host),
      fromOwn.guestJoin(own.room.id, own.guest.visitor.id),
      REFUSED,
      'its own entry',
    ),
    ...withCredentials(
      bearer(`${own.companyName} guest upload token`, own.guest.join.uploadToken, other.host),
      fromOwn.chatUpload(own.room.id),
      REFUSED,
      'its own room',
    ),
    ...withCredentials(anonymous(own, other.host), [{ method: 'GET', url: own.document.url }], REFUSED, 'its own signed link'),
  );
  return [...probes, ...ownReads(own)];
}
