import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import type { ManagedStore, ManagedTopic } from '@incontra/contracts/api/store-management';
import type { ReservationParticipant, StaffReservation, StoreSlots } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { freezeNow } from '@incontra/mfe-kit/testing/freeze-now';
import { bodiesSentTo, mockFetch, requestsTo, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { managedRoom, managedStore } from '../../../app/testing/management-fixtures';

/** Monday 2 March 2026, 09:00 in Rome: the tests' "now". */
export const NOW = new Date('2026-03-02T08:00:00.000Z');
export const TODAY = '2026-03-02';

const store = (n: number, name: string) => managedStore(`5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c0${n}`, name, { roomCount: 2 });
export const MILANO = store(1, 'Milano Centro');
export const ROMA = store(2, 'Roma Termini');

const room = (n: number, of: ManagedStore, name: string) => managedRoom(`6b1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c0${n}`, of, name);
export const CONSULENZA = room(1, MILANO, 'Sala Consulenza');
export const ASSISTENZA = room(2, MILANO, 'Sala Assistenza');
export const SALA_ROMA = room(3, ROMA, 'Sala Roma');
const ROOMS = [ASSISTENZA, CONSULENZA, SALA_ROMA];

export const OCCHIALI: ManagedTopic = { id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', storeId: MILANO.id, name: 'Consulenza occhiali', roomIds: [], price: null };
export const LENTI: ManagedTopic = { id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', storeId: MILANO.id, name: 'Lenti a contatto', roomIds: [], price: null };
const TOPICS = [OCCHIALI, LENTI];

let counter = 0;
/** A reservation of Milano's Sala Consulenza about glasses, booked by its customer; `overrides` say what differs. */
export function reservation(overrides: Partial<StaffReservation> = {}): StaffReservation {
  counter += 1;
  return {
    id: `8d1d2c3b-4e5f-4a6b-8c7d-${String(counter).padStart(12, '0')}`,
    status: 'booked',
    cancelledBy: null,
    startsAt: '2026-03-02T09:00:00.000Z',
    endsAt: '2026-03-02T09:30:00.000Z',
    store: { id: MILANO.id, name: MILANO.name },
    room: { id: CONSULENZA.id, name: CONSULENZA.name },
    topic: { id: OCCHIALI.id, name: OCCHIALI.name },
    customer: { name: 'Mario Rossi', email: 'mario.rossi@example.it', phone: '+393331234567', notes: null },
    bookedByStaff: false,
    createdAt: '2026-02-20T10:00:00.000Z',
    payment: { status: 'none', amount: null, holdExpiresAt: null },
    ...overrides,
  };
}

/** Monday: Mario at 10:00 in Sala Consulenza, Giulia's cancelled 14:00 in Sala Assistenza; Wednesday: Luca at 11:00. */
export function weekOfReservations() {
  const mario = reservation();
  const giulia = reservation({
    status: 'cancelled',
    cancelledBy: 'customer',
    startsAt: '2026-03-02T13:00:00.000Z',
    endsAt: '2026-03-02T13:30:00.000Z',
    room: { id: ASSISTENZA.id, name: ASSISTENZA.name },
    customer: { name: 'Giulia Bianchi', email: 'giulia@example.it', phone: '+393339876543', notes: 'Richiamare' },
  });
  const luca = reservation({
    startsAt: '2026-03-04T10:00:00.000Z',
    endsAt: '2026-03-04T10:30:00.000Z',
    topic: { id: LENTI.id, name: LENTI.name },
    customer: { name: 'Luca Verdi', email: 'luca@example.it', phone: '+393330000000', notes: null },
  });
  return { mario, giulia, luca };
}

const free = (startsAt: string, time: string) => ({ startsAt, time, remaining: 1 });
/** Glasses' free times: three on Tuesday 3 March, one on Thursday 5, none on the other days asked. */
export const FREE_SLOTS: StoreSlots = {
  timeZone: 'Europe/Rome',
  price: null,
  days: [
    { date: '2026-03-02', slots: [] },
    {
      date: '2026-03-03',
      slots: [free('2026-03-03T09:00:00.000Z', '10:00'), free('2026-03-03T09:30:00.000Z', '10:30'), free('2026-03-03T10:00:00.000Z', '11:00')],
    },
    { date: '2026-03-04', slots: [] },
    { date: '2026-03-05', slots: [free('2026-03-05T14:00:00.000Z', '15:00')] },
  ],
};

/** The 409 of a start taken meanwhile, with the nearest free times as the API sends them. */
export function slotTaken(alternatives: { startsAt: string; date: string; time: string }[]): FakeReply {
  return { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_BOOKING.errors.slotUnavailable, field: 'startsAt', alternatives } };
}

type Handler = FakeReply | ((request: { url: string; init: RequestInit; body: unknown }) => FakeReply);

export interface FakeAgendaOptions {
  reservations?: StaffReservation[];
  participants?: ReservationParticipant[];
  stores?: ManagedStore[];
  role?: 'admin' | 'operator';
  overrides?: Record<string, Handler>;
}

/**
 * The API the agenda talks to, with its state: the reservations filtered and paged like the
 * server does (dates are Rome's days), each one's details, cancellation, move, participants, free
 * times. Every request is in `fetchMock`; `calls('POST /path')` gives the bodies sent there.
 */
export function fakeAgendaApi({ reservations = [], participants = [], stores = [MILANO, ROMA], role = 'admin', overrides = {} }: FakeAgendaOptions = {}) {
  let rows = [...reservations];
  let invited = [...participants];
  const update = (id: string, changes: Partial<StaffReservation>) => {
    rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
    return rows.find((row) => row.id === id)!;
  };
  const handlers: Record<string, Handler> = {
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/stores': { status: 200, body: stores },
    'GET /api/rooms': ({ url }) => {
      const items = ROOMS.filter((each) => each.storeId === new URL(url, window.location.origin).searchParams.get('storeId'));
      return { status: 200, body: { items, total: items.length, page: 1, pageSize: 100 } };
    },
    [`GET /api/store/${MILANO.id}/topics`]: { status: 200, body: TOPICS },
    [`GET /api/store/${ROMA.id}/topics`]: { status: 200, body: [] },
    [`GET /api/config/store/${MILANO.id}/slots`]: { status: 200, body: FREE_SLOTS },
    'GET /api/bo/reservations': ({ url }) => {
      const query = new URL(url, window.location.origin).searchParams;
      const matching = rows
        .filter((row) => {
          const day = dateOfInstant(row.startsAt, 'Europe/Rome');
          return (
            (!query.get('store') || row.store.id === query.get('store')) &&
            (!query.get('room') || row.room.id === query.get('room')) &&
            (!query.get('topic') || row.topic?.id === query.get('topic')) &&
            (!query.get('status') || row.status === query.get('status')) &&
            (!query.get('from') || day >= query.get('from')!) &&
            (!query.get('to') || day <= query.get('to')!)
          );
        })
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      return { status: 200, body: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize } };
    },
    'POST /api/bo/reservations': ({ body }) => {
      const sent = body as { firstName: string; lastName: string; startsAt: string; email: string; phone: string };
      const created = reservation({
        startsAt: sent.startsAt,
        endsAt: new Date(Date.parse(sent.startsAt) + 30 * 60_000).toISOString(),
        customer: { name: `${sent.firstName} ${sent.lastName}`, email: sent.email, phone: sent.phone, notes: null },
        bookedByStaff: true,
      });
      rows = [...rows, created];
      return { status: 201, body: created };
    },
    'POST /api/bo/reservation_participants': ({ body }) => {
      const sent = body as { reservation: string; name: string; email: string };
      const participant: ReservationParticipant = {
        id: `9e1d2c3b-4e5f-4a6b-8c7d-${String(invited.length + 1).padStart(12, '0')}`,
        reservationId: sent.reservation,
        name: sent.name,
        email: sent.email,
        createdAt: NOW.toISOString(),
      };
      invited = [...invited, participant];
      handlers[`DELETE /api/bo/reservation_participants/${participant.id}`] = removeParticipant(participant.id);
      return { status: 201, body: participant };
    },
  };
  const removeParticipant = (id: string) => (): FakeReply => {
    invited = invited.filter((participant) => participant.id !== id);
    return { status: 204 };
  };
  for (const participant of participants) handlers[`DELETE /api/bo/reservation_participants/${participant.id}`] = removeParticipant(participant.id);
  for (const { id } of reservations) {
    handlers[`GET /api/bo/reservations/${id}`] = () => ({
      status: 200,
      body: { ...rows.find((row) => row.id === id)!, participants: invited.filter((participant) => participant.reservationId === id) },
    });
    handlers[`DELETE /api/bo/reservations/${id}`] = () => ({ status: 200, body: update(id, { status: 'cancelled', cancelledBy: 'staff' }) });
    handlers[`POST /api/bo/reservations/${id}/refund`] = () => {
      const { payment } = rows.find((row) => row.id === id)!;
      return { status: 200, body: update(id, { payment: { ...payment, status: 'refunded' } }) };
    };
    handlers[`POST /api/bo/reservations/${id}`] = ({ body }) => {
      const sent = body as { startsAt?: string; status?: 'completed' | 'no_show' };
      if (sent.status) return { status: 200, body: update(id, { status: sent.status }) };
      return { status: 200, body: update(id, { startsAt: sent.startsAt!, endsAt: new Date(Date.parse(sent.startsAt!) + 30 * 60_000).toISOString() }) };
    };
  }
  Object.assign(handlers, overrides);

  const fetchMock = mockFetch(handlers);
  return {
    fetchMock,
    /** The JSON bodies sent to `'METHOD /path'`, in order. */
    calls: (line: string) => bodiesSentTo(fetchMock, line),
    /** The query strings of the GETs to `path`, in order. */
    queries: (path: string) => requestsTo(fetchMock, `GET ${path}`).map(({ url }) => Object.fromEntries(url.searchParams)),
    /** A booking arriving meanwhile (another customer, another colleague). */
    add: (added: StaffReservation) => {
      rows = [...rows, added];
    },
  };
}

/**
 * Before each test: the clock at NOW, and the staff socket the agenda opens kept off the network
 * (a fake the test can speak through). Returns the sockets opened.
 */
export function setUpAgendaTests() {
  const sockets = new FakeWebSockets((url) => new FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage>(url));
  beforeEach(() => {
    freezeNow(NOW);
    sockets.all.length = 0;
    sockets.install();
  });
  afterEach(() => {
    sockets.uninstall();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  return sockets;
}
