import { IT } from '@incontra/contracts/messages/it';
import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * One id policy for every path: an id in a path is declared with `idParam`, and a malformed one is
 * answered like an unknown one, 404 with the entity's Italian message. The caller is an admin of
 * the host's company (so the staff scope lets every call through), with a Bearer token where the
 * call takes one (a wrong token for an unknown id is not found too).
 */

const MALFORMED = 'not-an-id';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const BEARER = { authorization: `Bearer ${'A'.repeat(43)}` };

type Method = 'GET' | 'POST' | 'DELETE';
/** A call with `:id` in its path, by the host's admin. */
interface IdCall {
  method: Method;
  path: string;
  notFound: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const calls: IdCall[] = [
  { method: 'GET', path: '/api/company/:id/stores', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/store/:id', notFound: IT.errors.notFound },
  { method: 'DELETE', path: '/api/store/:id', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/store/:id/topics', notFound: IT.errors.notFound },
  { method: 'DELETE', path: '/api/topic/:id', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/users/:id', notFound: IT_USERS.errors.notFound },
  { method: 'DELETE', path: '/api/users/:id', notFound: IT_USERS.errors.notFound },
  { method: 'GET', path: '/api/room/:id', notFound: IT_ROOMS.errors.notFound },
  { method: 'DELETE', path: '/api/room/:id', notFound: IT_ROOMS.errors.notFound },
  { method: 'GET', path: '/api/room/:id/slots', notFound: IT_ROOMS.errors.notFound },
  { method: 'GET', path: '/api/room/:id/opening', notFound: IT_ROOMS.errors.notFound },
  { method: 'DELETE', path: '/api/room/:id/translations/it/title', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/room/:id/documents', notFound: IT.errors.notFound },
  { method: 'DELETE', path: '/api/documents/:id', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/documents/:id/download', notFound: IT.errors.notFound },
  { method: 'POST', path: '/api/video-room/:id/join', notFound: IT.errors.notFound },
  { method: 'POST', path: '/api/video-room/join-request/:id/approve', notFound: IT_LOBBY.errors.requestNotFound },
  { method: 'POST', path: '/api/video-room/join-request/:id', notFound: IT_LOBBY.errors.requestNotFound, headers: BEARER },
  { method: 'POST', path: '/api/video-room/join-request/:id/cancel', notFound: IT_LOBBY.errors.requestNotFound, headers: BEARER },
  { method: 'GET', path: '/api/bo/reservations/:id', notFound: IT_BOOKING.errors.reservationNotFound },
  { method: 'DELETE', path: '/api/bo/reservations/:id', notFound: IT_BOOKING.errors.reservationNotFound },
  { method: 'DELETE', path: '/api/bo/reservation_participants/:id', notFound: IT_BOOKING.errors.participantNotFound },
  { method: 'GET', path: '/api/reservations/:id', notFound: IT_BOOKING.errors.reservationNotFound, headers: BEARER },
  { method: 'POST', path: '/api/reservations/:id/cancel', notFound: IT_BOOKING.errors.reservationNotFound, headers: BEARER },
  { method: 'GET', path: '/api/reservation_participants/:id', notFound: IT_BOOKING.errors.participantNotFound, headers: BEARER },
  { method: 'POST', path: '/api/bo/mail/undelivered/:id/retry', notFound: IT.errors.mailNotFound },
  { method: 'GET', path: '/api/config/store/:id', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/room/:id/translations', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/company/:id/privacy', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/company/:id/tos', notFound: IT.errors.notFound },
  { method: 'GET', path: '/api/payments/company/:id/receipt', notFound: IT_BILLING_DOCUMENTS.invoiceNotFound },
  { method: 'GET', path: '/api/payments/company/:id/e-invoice', notFound: IT_BILLING_DOCUMENTS.invoiceNotFound },
];

/** Calls whose body or query is checked after the path: only the malformed id's answer is compared. */
const withBody: IdCall[] = [
  { method: 'POST', path: '/api/store/:id', notFound: IT.errors.notFound, body: {} },
  { method: 'POST', path: '/api/users/:id', notFound: IT_USERS.errors.notFound, body: {} },
  { method: 'POST', path: '/api/room/:id', notFound: IT_ROOMS.errors.notFound, body: {} },
  { method: 'DELETE', path: '/api/room/:id/exceptions/2030-01-01', notFound: IT_ROOMS.errors.notFound },
  { method: 'POST', path: '/api/store/:id/wall', notFound: IT.errors.notFound, body: {} },
  { method: 'POST', path: '/api/bo/reservations/:id', notFound: IT_BOOKING.errors.reservationNotFound, body: {} },
  { method: 'POST', path: '/api/video-room/join-request/:id/reject', notFound: IT_LOBBY.errors.requestNotFound, body: {} },
  { method: 'POST', path: '/api/video-room/:id/send-join-request', notFound: IT.errors.notFound, body: {} },
  { method: 'POST', path: '/api/video-room/reservation/:id/send-join-request', notFound: IT_LOBBY.errors.reservationNotFound, body: {} },
  { method: 'GET', path: '/api/config/store/:id/slots', notFound: IT_BOOKING.errors.storeNotFound },
  { method: 'POST', path: '/api/room/:id/translations/it', notFound: IT.errors.notFound, body: {} },
  { method: 'POST', path: '/api/video-room/:id/kick/staff-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', notFound: IT.errors.notFound },
];

let t: LobbyTestApp;
let anna: TestClient;
beforeAll(async () => {
  t = await startLobbyApp();
  anna = await t.staff('admin');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const call = ({ method, path, body, headers }: IdCall, id: string) => anna.request(method, path.replace(':id', id), body, headers);
const notFound = (message: string) => ({ statusCode: 404, error: 'Not Found', message });

describe('an id in a path', () => {
  it.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: a malformed id is answered like an unknown one', async (_name, c) => {
    const malformed = await call(c, MALFORMED);
    expect(malformed.json()).toEqual(notFound(c.notFound));
    const unknown = await call(c, UNKNOWN);
    expect({ status: unknown.statusCode, body: unknown.json() as unknown }).toEqual({ status: malformed.statusCode, body: malformed.json() as unknown });
  });

  it.each(withBody.map((c) => [`${c.method} ${c.path}`, c] as const))('%s: a malformed id is not found, before its body or query is read', async (_name, c) => {
    expect((await call(c, MALFORMED)).json()).toEqual(notFound(c.notFound));
  });
});
