import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import type { ClientWebinarLiveMessage, ServerWebinarLiveMessage, WebinarAttendee, WebinarQuestion } from '@incontra/contracts/realtime/webinar-live';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';

export const WEBINAR_ID = '50000000-0000-4000-8000-000000000005';
export const PRESENTER: WebinarAttendee = { seat: '10000000-0000-4000-8000-000000000001', name: 'Anna Rossi', role: 'presenter' };
export const GIULIA: WebinarAttendee = { seat: '30000000-0000-4000-8000-000000000003', name: 'Giulia Bianchi', role: 'viewer' };
export const MARCO: WebinarAttendee = { seat: '40000000-0000-4000-8000-000000000004', name: 'Marco Verdi', role: 'viewer' };

export type LiveSocket = FakeWebSocket<ClientWebinarLiveMessage, ServerWebinarLiveMessage>;

export function liveSockets(): FakeWebSockets<LiveSocket> {
  return new FakeWebSockets<LiveSocket>((url) => new FakeWebSocket(url));
}

export function joinAs(self: WebinarAttendee, overrides: Partial<WebinarJoin> = {}): WebinarJoin {
  return {
    engine: 'local',
    role: self.role,
    webinarId: WEBINAR_ID,
    seat: self.seat,
    displayName: self.name,
    token: `credential-${self.seat}`,
    expiresAt: '2026-03-03T20:00:00.000Z',
    iceServers: [],
    janus: null,
    twilio: null,
    ...overrides,
  };
}

export function question(overrides: Partial<WebinarQuestion> = {}): WebinarQuestion {
  return {
    id: '60000000-0000-4000-8000-000000000006',
    text: 'Vanno bene anche per guidare?',
    author: 'Giulia Bianchi',
    votes: 0,
    status: 'open',
    askedAt: '2026-03-03T17:05:00.000Z',
    ...overrides,
  };
}

export function welcome(self: WebinarAttendee, overrides: Partial<Extract<ServerWebinarLiveMessage, { type: 'welcome' }>> = {}): ServerWebinarLiveMessage {
  return {
    type: 'welcome',
    self,
    status: 'published',
    chatMuted: false,
    questions: [],
    voted: [],
    hands: [],
    speaker: null,
    attendees: self.role === 'presenter' ? [] : [PRESENTER],
    viewers: self.role === 'viewer' ? 1 : 0,
    recording: false,
    recordable: false,
    ...overrides,
  };
}

const STORE = { id: '70000000-0000-4000-8000-000000000007', name: 'Milano Centro' };
const TIMING = {
  startsAt: '2026-03-03T17:00:00.000Z',
  endsAt: '2026-03-03T18:00:00.000Z',
  durationMinutes: 60,
  joinOpensAt: '2026-03-03T16:45:00.000Z',
};

/** GET /api/config/webinar/{id}: the webinar as its public page shows it. */
export function publicWebinar(status: 'published' | 'live' = 'published') {
  return {
    id: WEBINAR_ID,
    store: STORE,
    title: 'Le nuove lenti progressive',
    description: '<p>Dal vivo.</p>',
    ...TIMING,
    timeZone: 'Europe/Rome',
    status,
    seatsLeft: 3,
    registrationOpen: status === 'published',
  };
}

/** POST /api/webinar/{id}: the webinar as staff read it, in `status`. */
export function staffWebinar(status: 'live' | 'ended') {
  return {
    ...publicWebinar(),
    capacity: 5,
    registered: 2,
    status,
    presenters: [{ id: PRESENTER.seat, name: PRESENTER.name }],
    engine: 'local',
    publicPath: `/webinar/${WEBINAR_ID}`,
  };
}
