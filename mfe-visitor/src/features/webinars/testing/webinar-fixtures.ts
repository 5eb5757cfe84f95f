import type * as z from 'zod/mini';
import type { PublicWebinar, webinarJoinSchema, WebinarRegistration } from '@incontra/contracts/api/webinars';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { StoreConfig } from '@incontra/contracts/api/stores';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { freezeNow } from '@incontra/mfe-kit/testing/freeze-now';
import { mockFetch, requestsTo, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

export const STORE_ID = '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01';
export const WEBINAR_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98';
export const OTHER_WEBINAR_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99';
export const REGISTRATION_ID = '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e';
export const PERSONAL_TOKEN = 'webinar-token-0123456789';
export const BEARER = `Bearer ${PERSONAL_TOKEN}`;

/** Monday 2 March 2026, 17:00 in Rome: the tests' "now" (see atWebinarTime). */
export const NOW = new Date('2026-03-02T16:00:00.000Z');
/** The fixture's webinar: Tuesday 3 March 2026, 18:00–19:30 in Rome, its join open from 17:45. */
export const STARTS_AT = '2026-03-03T17:00:00.000Z';
export const JOIN_OPENS_AT = '2026-03-03T16:45:00.000Z';

export const STORE: StoreConfig = { id: STORE_ID, name: 'Milano Centro', address: 'Via Dante 1, Milano', wall: null, rooms: [], topics: [] };

export const STORE_WEBINARS_PATH = `GET /api/store/${STORE_ID}/webinar`;
export const WEBINAR_PATH = `GET /api/config/webinar/${WEBINAR_ID}`;
export const REGISTER_PATH = `POST /api/webinar/${WEBINAR_ID}/reservation`;
export const REGISTRATION_PATH = `GET /api/webinar-reservation/${REGISTRATION_ID}`;
export const CANCEL_PATH = `DELETE /api/webinar-reservation/${REGISTRATION_ID}`;
export const JOIN_PATH = `GET /api/webinar-reservation/${REGISTRATION_ID}/join`;
export const ICS_PATH = `GET /api/webinar-reservation/${REGISTRATION_ID}/calendar.ics`;

export const REGISTRATION_URL = `/webinar/iscrizione/${REGISTRATION_ID}?token=${PERSONAL_TOKEN}`;

export function webinar(overrides: Partial<PublicWebinar> = {}): PublicWebinar {
  return {
    id: WEBINAR_ID,
    store: { id: STORE_ID, name: 'Milano Centro' },
    title: 'Le nuove lenti progressive',
    description: '<p>Come scegliere le lenti <strong>giuste</strong> per ogni distanza.</p>',
    startsAt: STARTS_AT,
    endsAt: '2026-03-03T18:30:00.000Z',
    durationMinutes: 90,
    joinOpensAt: JOIN_OPENS_AT,
    timeZone: 'Europe/Rome',
    status: 'published',
    seatsLeft: 7,
    registrationOpen: true,
    ...overrides,
  };
}

export function registration(overrides: Partial<WebinarRegistration> = {}, webinarOverrides: Partial<PublicWebinar> = {}): WebinarRegistration {
  return {
    id: REGISTRATION_ID,
    status: 'registered',
    firstName: 'Giulia',
    lastName: 'Bianchi',
    email: 'giulia.bianchi@example.it',
    webinar: webinar({ seatsLeft: 6, ...webinarOverrides }),
    pagePath: `/webinar/iscrizione/${REGISTRATION_ID}`,
    ...overrides,
  };
}

/** The viewer's credential as the API sends it (on the built-in mesh). */
export const JOIN: z.input<typeof webinarJoinSchema> = {
  engine: 'local',
  role: 'viewer',
  webinarId: WEBINAR_ID,
  seat: REGISTRATION_ID,
  displayName: 'Giulia Bianchi',
  token: 'viewer-credential',
  expiresAt: '2026-03-03T19:00:00.000Z',
};

/** An API refusal as the API words it. */
export function refusal(status: number, message: string, field?: string): FakeReply {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 409: 'Conflict', 500: 'Internal Server Error' }[status] ?? 'Error';
  return { status, body: { statusCode: status, error, message, ...(field ? { field } : {}) } };
}

/** Each test of the calling `describe` at `now` (NOW unless given), with real timers and every mock put back afterwards. */
export function atWebinarTime(now: Date = NOW): void {
  beforeEach(() => freezeNow(now));
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    // A join's credential is handed to the live page through this tab's storage.
    window.sessionStorage.clear();
  });
}

type Handlers = Parameters<typeof mockFetch>[0];

/** A visitor page at `path`, the API answering `handlers`; the shell loaded `store` for `?store=`. */
export function renderWebinarPage(
  path: string,
  handlers: Handlers,
  { company = {}, store = null }: { company?: Partial<PublicCompany>; store?: StoreConfig | null } = {},
) {
  const fetchMock = mockFetch(handlers);
  const props = buildMfeProps({ company: { ...TEST_COMPANY, ...company }, storeContext: { store, translations: [] } });
  return { ...renderApp(path, props), fetchMock };
}

/** The calls made to `'METHOD /path'`: their JSON bodies and headers. */
export function callsTo(fetchMock: jest.Mock, line: string): { body: unknown; headers: Record<string, string> }[] {
  return requestsTo(fetchMock, line).map(({ init }) => ({
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
  }));
}
