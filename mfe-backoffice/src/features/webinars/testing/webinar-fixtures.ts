import type { ManagedUser } from '@incontra/contracts/api/users';
import type { Webinar, WebinarBody, WebinarRegistrationList, WebinarUpdate } from '@incontra/contracts/api/webinars';
import { ROUTES } from '@incontra/contracts/routes';
import { freezeNow } from '@incontra/mfe-kit/testing/freeze-now';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { bodiesSentTo, mockFetch, requestsTo, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { managedStore } from '../../../app/testing/management-fixtures';

/** Monday 2 March 2026, 10:00 in Rome (the company's zone). */
export const NOW = new Date('2026-03-02T09:00:00.000Z');

export const MILANO = managedStore('5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', 'Milano Centro');
export const ROMA = managedStore('5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', 'Roma Termini');

function managedUser(id: string, firstName: string, lastName: string, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    username: firstName.toLowerCase(),
    email: `${firstName.toLowerCase()}@demo.incontra.local`,
    firstName,
    lastName,
    role: 'operator',
    active: true,
    storeIds: [MILANO.id],
    passwordChosen: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in admin (TEST_USER), an operator of Milan, one of Rome, and a Milan operator no longer active. */
export const MARIO = managedUser(TEST_USER.id, 'Mario', 'Rossi', { role: 'admin', storeIds: [] });
export const ANNA = managedUser('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Anna', 'Bianchi');
export const MARCO = managedUser('2b3c4d5e-6f70-4b8c-9d0e-1f2a3b4c5d6e', 'Marco', 'Verdi', { storeIds: [ROMA.id] });
export const GIULIA = managedUser('3c4d5e6f-7081-4c9d-8e1f-2a3b4c5d6e7f', 'Giulia', 'Neri', { active: false });
const USERS = [MARIO, ANNA, MARCO, GIULIA];
const nameOf = (id: string) => {
  const user = USERS.find((each) => each.id === id);
  return user ? `${user.firstName} ${user.lastName}` : id;
};

export const WEBINAR_ID = '9a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01';
export const CREATED_ID = '9a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c09';

const plusMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

/** Recomputes what follows from the start and length, as the API does. */
function timed(webinar: Webinar): Webinar {
  return { ...webinar, endsAt: plusMinutes(webinar.startsAt, webinar.durationMinutes), joinOpensAt: plusMinutes(webinar.startsAt, -15) };
}

/** A draft of Milan on Tuesday 10 March 2026 at 18:30 (Rome), an hour long, 10 seats, presented by the signed-in admin. */
export function webinar(overrides: Partial<Webinar> = {}): Webinar {
  const id = overrides.id ?? WEBINAR_ID;
  return timed({
    id,
    store: { id: MILANO.id, name: MILANO.name },
    title: 'Novità di primavera',
    description: '<p>Le nuove collezioni, dal vivo.</p>',
    startsAt: '2026-03-10T17:30:00.000Z',
    endsAt: '',
    durationMinutes: 60,
    joinOpensAt: '',
    capacity: 10,
    registered: 0,
    status: 'draft',
    presenters: [{ id: MARIO.id, name: 'Mario Rossi' }],
    engine: 'local',
    publicPath: `${ROUTES.webinar}/${id}`,
    ...overrides,
  });
}

type Registration = WebinarRegistrationList['registrations'][number];

export function registration(n: number, overrides: Partial<Registration> = {}): Registration {
  return {
    id: `8b1d2c3b-4e5f-4a6b-8c7d-${String(n).padStart(12, '0')}`,
    status: 'registered',
    firstName: `Nome${n}`,
    lastName: `Cognome${n}`,
    email: `iscritto${n}@example.it`,
    registeredAt: plusMinutes('2026-03-01T08:00:00.000Z', n),
    cancelledAt: null,
    ...overrides,
  };
}

type Handler = FakeReply | ((request: { url: string; body: unknown }) => FakeReply);

interface FakeWebinarApiOptions {
  role?: 'admin' | 'operator';
  webinars?: Webinar[];
  registrations?: Registration[];
  /** Webinar ids whose replay is ready. */
  replays?: string[];
  overrides?: Record<string, Handler>;
}

/**
 * The API the webinars' pages read: the signed-in user, the stores, the users (admins only, as
 * the API), the webinars (filtered as the server does, changed by the writes let through), one
 * webinar's registrations, and the presenter's join.
 */
export function fakeWebinarApi({
  role = 'admin',
  webinars = [webinar()],
  registrations = [],
  replays: ready = [],
  overrides = {},
}: FakeWebinarApiOptions = {}) {
  let rows = [...webinars];
  // Webinars whose replay is ready (the others were not recorded).
  const replays = new Set(ready);
  const replayOf = (id: string) =>
    replays.has(id)
      ? {
          status: 'ready',
          watchUrl: `/api/replay?token=token-${id}`,
          downloadUrl: `/api/replay?token=token-${id}&download=1`,
          expiresAt: '2026-03-10T23:30:00.000Z',
          bytes: 123_456,
        }
      : { status: 'none', watchUrl: null, downloadUrl: null, expiresAt: null, bytes: null };
  const apply = (id: string, body: WebinarUpdate): FakeReply => {
    const { presenterIds, status, ...fields } = body;
    rows = rows.map((row) =>
      row.id === id
        ? timed({
            ...row,
            ...fields,
            ...(status && { status }),
            ...(presenterIds && { presenters: presenterIds.map((each) => ({ id: each, name: nameOf(each) })) }),
          })
        : row,
    );
    return { status: 200, body: rows.find((row) => row.id === id) };
  };
  const perWebinar = (id: string): Record<string, Handler> => ({
    [`GET /api/webinar/${id}`]: () => {
      const found = rows.find((row) => row.id === id);
      return found ? { status: 200, body: found } : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Webinar non trovato' } };
    },
    [`POST /api/webinar/${id}`]: ({ body }) => apply(id, body as WebinarUpdate),
    [`GET /api/webinar/${id}/reservation`]: { status: 200, body: { registrations } },
    [`GET /api/webinar/${id}/replay`]: () => ({ status: 200, body: replayOf(id) }),
    [`DELETE /api/webinar/${id}/replay`]: () => {
      replays.delete(id);
      return { status: 200, body: replayOf(id) };
    },
    [`GET /api/webinar/${id}/join`]: {
      status: 200,
      body: {
        engine: 'local',
        role: 'presenter',
        webinarId: id,
        seat: TEST_USER.id,
        displayName: 'Mario Rossi',
        token: 'token',
        expiresAt: '2026-03-10T20:00:00.000Z',
      },
    },
  });
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/stores': { status: 200, body: [MILANO, ROMA] },
    ...(role === 'admin' && { 'GET /api/users': { status: 200, body: { items: USERS, total: USERS.length, page: 1, pageSize: 100, activeAdmins: 1 } } }),
    'GET /api/webinar': ({ url }) => {
      const query = new URL(url, window.location.origin).searchParams;
      const found = rows.filter(
        (row) => (!query.get('storeId') || row.store.id === query.get('storeId')) && (!query.get('status') || row.status === query.get('status')),
      );
      return { status: 200, body: { webinars: found } };
    },
    'POST /api/webinar': ({ body }) => {
      const { storeId, presenterIds, description, ...fields } = body as WebinarBody;
      const store = [MILANO, ROMA].find((each) => each.id === storeId)!;
      const created = webinar({
        ...fields,
        id: CREATED_ID,
        description: description ?? '',
        store: { id: store.id, name: store.name },
        presenters: presenterIds.map((each) => ({ id: each, name: nameOf(each) })),
      });
      rows = [created, ...rows];
      return { status: 201, body: created };
    },
    ...perWebinar(CREATED_ID),
    ...Object.assign({}, ...webinars.map((each) => perWebinar(each.id))),
    ...overrides,
  });
  return {
    fetchMock,
    calls: (line: string) => bodiesSentTo(fetchMock, line),
    queries: (line: string) => requestsTo(fetchMock, line).map(({ url }) => Object.fromEntries(url.searchParams)),
  };
}

/** The clock at NOW for every test of the file (the editor's calendar opens on March 2026). */
export function setUpWebinarTests() {
  beforeEach(() => freezeNow(NOW));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    // A join's credential is handed to the live page through this tab's storage.
    window.sessionStorage.clear();
  });
}

/** A refusal as the API answers it. */
export function refusal(status: number, message: string, field?: string): FakeReply {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 409: 'Conflict', 422: 'Unprocessable Entity', 500: 'Internal Server Error' }[status] ?? 'Error';
  return { status, body: { statusCode: status, error, message, ...(field && { field }) } };
}
