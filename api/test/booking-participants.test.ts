import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { liveQueueSchema, PARTICIPANT_PARAM, PARTICIPANT_TOKEN_PARAM, RESERVATION_PARAM, sentJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import {
  createdReservationSchema,
  participantInvitationSchema,
  RESERVATION_PARTICIPANTS_MAX,
  reservationParticipantSchema,
  staffReservationDetailSchema,
  type ReservationBody,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { activityLog, mailOutbox, reservationParticipants, users, userStores } from '../src/db/schema';
import { reservationBodies, seededBooking, siteVisitor } from './helpers/booking-fixtures';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * Reservation participants and the agenda's realtime notices, on the demo data: Milano Centro's
 * "Assistenza post-vendita" is served by every room of the store; the clock stands at Monday
 * 2 March 2026, 10:00 in Rome (09:00Z).
 */

let t: TestApp;
let demoId: string;
let milano: string;
let roma: string;
let topic: string;
let romaTopic: string;
let operatorId: string;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000, loginPerMinute: 10_000 } });
  ({ milano, demoId, roma, singleRoomTopic: topic, romaTopic } = await seededBooking(t));
  await t.db.asOwner(async (tx) => {
    operatorId = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.username, 'operatore'), eq(users.companyId, demoId)))
    )[0]!.id;
  });
}, START_TIMEOUT_MS);

afterAll(() => t.close());

const body = reservationBodies(
  () => ({ store: milano, topic, firstName: 'Mario', lastName: 'Rossi', phone: '333 123 4567', privacyConsent: true }),
  (n) => ({ email: `cliente.${n}@example.it` }),
);

const visitor = (host = 'demo.localhost') => siteVisitor(t, host);

const sessions = new Map<string, TestClient>();
let addresses = 0;
/**
 * One sign-in per staff member and host, each from an address of its own (sign-ins are
 * rate-limited per address); `fresh` for one at a clock moved on (sessions end after hours idle).
 */
async function signedIn(username = 'admin', host = 'demo.localhost', fresh = false): Promise<TestClient> {
  const key = `${username}@${host}`;
  if (!fresh && sessions.has(key)) return sessions.get(key)!;
  addresses += 1;
  const browser = new TestClient(t.app, host, `198.51.100.${addresses}`);
  expect((await browser.login(username)).statusCode).toBe(200);
  if (!fresh) sessions.set(key, browser);
  return browser;
}

/**
 * Runs `during` with the clock `ms` ahead, then puts it back. A sign-in made in between is
 * remembered by the account's throttle at that later time: the account cannot sign in again
 * once the clock is back, so such tests come last.
 */
async function later(ms: number, during: () => Promise<void>): Promise<void> {
  t.clock.advance(ms);
  try {
    await during();
  } finally {
    t.clock.advance(-ms);
  }
}

async function book(startsAt: string, extra: Partial<ReservationBody> = {}) {
  const response = await (await visitor()).post('/api/reservations', body(startsAt, extra));
  expect(response.statusCode).toBe(201);
  return createdReservationSchema.parse(response.json()).reservation;
}

async function outboxTo(email: string) {
  return t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt));
}

function calendarOf(message: { attachments: unknown }) {
  const [attachment] = message.attachments as { content: string }[];
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    url: event.getFirstPropertyValue('url'),
    attendee: String(event.getFirstPropertyValue('attendee')),
  };
}

/** The personal link's parts, as the invitation e-mail gives it. */
function personalLink(text: string) {
  const link = new URL(/https?:\/\/\S+partecipante=\S+/.exec(text)![0]);
  return {
    link: link.toString(),
    reservationId: link.searchParams.get(RESERVATION_PARAM)!,
    participant: { id: link.searchParams.get(PARTICIPANT_PARAM)!, token: link.searchParams.get(PARTICIPANT_TOKEN_PARAM)! },
  };
}

async function invite(admin: TestClient, reservation: string, name: string, email: string) {
  const response = await admin.post('/api/bo/reservation_participants', { reservation, name, email });
  expect(response.statusCode).toBe(201);
  return reservationParticipantSchema.parse(response.json());
}

describe('POST /api/bo/reservation_participants', () => {
  it('invites someone with a personal join link and the .ics, lists them on the reservation, and logs it', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-04T08:00:00.000Z');
    const invited = await invite(admin, reservation.id, 'Laura Bianchi', 'Laura.Bianchi@Example.it');
    expect(invited).toMatchObject({ reservationId: reservation.id, name: 'Laura Bianchi', email: 'laura.bianchi@example.it' });

    const [mail] = await outboxTo('laura.bianchi@example.it');
    expect(mail!.subject).toBe(IT_BOOKING.mail.participantSubject('Demo', 'mercoledì 4 marzo 2026, 09:00'));
    expect(mail!.text).toContain('Ciao Laura Bianchi,');
    const { link, reservationId, participant } = personalLink(mail!.text);
    expect(link.startsWith('http://demo.localhost')).toBe(true);
    expect(reservationId).toBe(reservation.id);
    expect(participant.id).toBe(invited.id);
    const calendar = calendarOf(mail!);
    expect(calendar).toMatchObject({ method: 'REQUEST', uid: `${reservation.id}@incontra`, sequence: 0, url: link });
    expect(calendar.attendee).toBe('mailto:laura.bianchi@example.it');
    // Only the token's hash is kept.
    const [stored] = await t.db.asOwner((tx) => tx.select().from(reservationParticipants).where(eq(reservationParticipants.id, invited.id)));
    expect(stored!.tokenHash).not.toContain(participant.token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const detail = staffReservationDetailSchema.parse((await admin.get(`/api/bo/reservations/${reservation.id}`)).json());
    expect(detail.participants).toEqual([invited]);
    const [logged] = await t.db.asOwner((tx) => tx.select().from(activityLog).where(eq(activityLog.entityId, reservation.id)));
    expect(logged!.summary).toBe("Invitato Laura Bianchi all'appuntamento di Mario Rossi del mercoledì 4 marzo 2026, 09:00");
  });

  it('refuses a bad body naming the field, and changes nothing', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-04T08:30:00.000Z');
    expect((await admin.post('/api/bo/reservation_participants', { reservation: 'x', name: 'Laura', email: 'l@example.it' })).json()).toMatchObject({
      statusCode: 400,
      field: 'reservation',
      message: IT_BOOKING.validation.reservation,
    });
    expect((await admin.post('/api/bo/reservation_participants', { reservation: reservation.id, name: ' ', email: 'l@example.it' })).json()).toMatchObject({
      statusCode: 400,
      field: 'name',
      message: IT_BOOKING.validation.participantName,
    });
    expect((await admin.post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Laura', email: 'nope' })).json()).toMatchObject({
      statusCode: 400,
      field: 'email',
    });
    expect(staffReservationDetailSchema.parse((await admin.get(`/api/bo/reservations/${reservation.id}`)).json()).participants).toEqual([]);
  });

  it('invites an address once (the customer’s included), at most the maximum, and only to a booked appointment', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-04T09:00:00.000Z', { email: 'titolare@example.it' });
    await invite(admin, reservation.id, 'Primo Invitato', 'invitato.0@example.it');
    const again = await admin.post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Di nuovo', email: 'INVITATO.0@example.it' });
    expect(again.json()).toMatchObject({ statusCode: 409, field: 'email', message: IT_BOOKING.errors.participantExists });
    const customer = await admin.post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Il cliente', email: 'titolare@example.it' });
    expect(customer.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.participantExists });
    for (let n = 1; n < RESERVATION_PARTICIPANTS_MAX; n += 1) await invite(admin, reservation.id, `Invitato ${n}`, `invitato.${n}@example.it`);
    const over = await admin.post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Uno di troppo', email: 'troppo@example.it' });
    expect(over.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.participantsFull(RESERVATION_PARTICIPANTS_MAX) });
    expect(await outboxTo('troppo@example.it')).toEqual([]);

    const cancelled = await book('2026-03-04T09:30:00.000Z');
    expect((await admin.request('DELETE', `/api/bo/reservations/${cancelled.id}`)).statusCode).toBe(200);
    const late = await admin.post('/api/bo/reservation_participants', { reservation: cancelled.id, name: 'In ritardo', email: 'ritardo@example.it' });
    expect(late.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.notBooked });
  });

  it('answers 404 for another company’s reservation and for a store the operator does not serve; 401 without a session', async () => {
    const reservation = await book('2026-03-04T10:00:00.000Z');
    const acme = await signedIn('admin', 'acme.localhost');
    const fromAcme = await acme.post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Estraneo', email: 'estraneo@example.it' });
    expect(fromAcme.statusCode).toBe(404);
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId: operatorId, storeId: roma }));
    try {
      const operator = await signedIn('operatore');
      const fromOperator = await operator.post('/api/bo/reservation_participants', {
        reservation: reservation.id,
        name: 'Collega',
        email: 'collega@example.it',
      });
      expect(fromOperator.statusCode).toBe(404);
    } finally {
      await t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorId)));
    }
    const anonymous = await (await visitor()).post('/api/bo/reservation_participants', { reservation: reservation.id, name: 'Nessuno', email: 'n@example.it' });
    expect(anonymous.statusCode).toBe(401);
    expect(await outboxTo('estraneo@example.it')).toEqual([]);
    expect(await outboxTo('collega@example.it')).toEqual([]);
  });
});

describe('the participant’s link: GET /api/reservation_participants/{id} and the join', () => {
  it('shows the invitation with the token only, on the company’s host only', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-05T08:00:00.000Z');
    const invited = await invite(admin, reservation.id, 'Paolo Neri', 'paolo.neri@example.it');
    const { participant } = personalLink((await outboxTo('paolo.neri@example.it'))[0]!.text);
    const browser = await visitor();
    expect((await browser.get(`/api/reservation_participants/${invited.id}`)).json()).toMatchObject({
      statusCode: 401,
      message: IT_BOOKING.errors.participantTokenRequired,
    });
    expect((await browser.get(`/api/reservation_participants/${invited.id}`, { authorization: 'Bearer sbagliato' })).statusCode).toBe(404);
    expect((await browser.get(`/api/reservation_participants/not-an-id`, { authorization: `Bearer ${participant.token}` })).statusCode).toBe(404);
    const acme = await visitor('acme.localhost');
    expect((await acme.get(`/api/reservation_participants/${invited.id}`, { authorization: `Bearer ${participant.token}` })).statusCode).toBe(404);
    const view = participantInvitationSchema.parse(
      (await browser.get(`/api/reservation_participants/${invited.id}`, { authorization: `Bearer ${participant.token}` })).json(),
    );
    expect(view).toMatchObject({
      id: invited.id,
      name: 'Paolo Neri',
      status: 'booked',
      startsAt: '2026-03-05T08:00:00.000Z',
      timeZone: 'Europe/Rome',
      store: { id: milano, name: 'Milano Centro' },
      joinOpensAt: '2026-03-05T07:45:00.000Z',
    });
    expect(view.joinPath).toBe(
      `/partecipa?${RESERVATION_PARAM}=${reservation.id}&${PARTICIPANT_PARAM}=${invited.id}&${PARTICIPANT_TOKEN_PARAM}=${encodeURIComponent(participant.token)}`,
    );
  });
});

describe('participants when the appointment changes, and DELETE /api/bo/reservation_participants/{id}', () => {
  it('tells them of a move (same link, raised SEQUENCE) and of a cancellation (METHOD CANCEL)', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-06T08:00:00.000Z');
    await invite(admin, reservation.id, 'Sara Galli', 'sara.galli@example.it');
    expect((await admin.post(`/api/bo/reservations/${reservation.id}`, { startsAt: '2026-03-06T09:00:00.000Z' })).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/bo/reservations/${reservation.id}`)).statusCode).toBe(200);
    const [invitation, moved, cancelled] = await outboxTo('sara.galli@example.it');
    expect(moved!.subject).toBe(IT_BOOKING.mail.movedSubject('Demo', 'venerdì 6 marzo 2026, 10:00'));
    expect(moved!.text).toContain(IT_BOOKING.mail.participantSameLink);
    expect(moved!.text).not.toContain('partecipante=');
    expect(calendarOf(moved!)).toMatchObject({ method: 'REQUEST', uid: `${reservation.id}@incontra`, sequence: 1 });
    expect(cancelled!.subject).toBe(IT_BOOKING.mail.cancelledSubject('Demo', 'venerdì 6 marzo 2026, 10:00'));
    expect(calendarOf(cancelled!)).toMatchObject({ method: 'CANCEL', sequence: 2 });
    expect(invitation!.subject).toBe(IT_BOOKING.mail.participantSubject('Demo', 'venerdì 6 marzo 2026, 09:00'));
  });

  it('withdraws an invitation: 204, an e-mail, and the personal link no longer opens anything', async () => {
    const admin = await signedIn();
    const reservation = await book('2026-03-02T16:00:00.000Z');
    const invited = await invite(admin, reservation.id, 'Elena Fontana', 'elena.fontana@example.it');
    const { participant } = personalLink((await outboxTo('elena.fontana@example.it'))[0]!.text);

    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId: operatorId, storeId: roma }));
    try {
      expect((await (await signedIn('operatore')).request('DELETE', `/api/bo/reservation_participants/${invited.id}`)).statusCode).toBe(404);
    } finally {
      await t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorId)));
    }
    expect((await (await signedIn('admin', 'acme.localhost')).request('DELETE', `/api/bo/reservation_participants/${invited.id}`)).statusCode).toBe(404);

    expect((await admin.request('DELETE', `/api/bo/reservation_participants/${invited.id}`)).statusCode).toBe(204);
    expect((await admin.request('DELETE', `/api/bo/reservation_participants/${invited.id}`)).statusCode).toBe(404);
    const [, withdrawn] = await outboxTo('elena.fontana@example.it');
    expect(withdrawn!.subject).toBe(IT_BOOKING.mail.participantWithdrawnSubject('Demo', 'lunedì 2 marzo 2026, 17:00'));
    expect(calendarOf(withdrawn!).method).toBe('CANCEL');
    const browser = await visitor();
    expect((await browser.get(`/api/reservation_participants/${invited.id}`, { authorization: `Bearer ${participant.token}` })).statusCode).toBe(404);
    expect(staffReservationDetailSchema.parse((await admin.get(`/api/bo/reservations/${reservation.id}`)).json()).participants).toEqual([]);
    await later(7 * 3_600_000 - 10 * 60_000, async () => {
      expect((await browser.post(`/api/video-room/reservation/${reservation.id}/send-join-request`, { participant })).statusCode).toBe(404);
    });
  });
});

describe('the agenda’s realtime notice on the staff lobby socket', () => {
  it('tells the staff serving the store when a reservation is booked, moved or cancelled, and nobody else', async () => {
    const { url } = await lobbyAddress(t.app);
    const admin = await signedIn();
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId: operatorId, storeId: roma }));
    const sockets: LobbySocket[] = [];
    try {
      const operator = await signedIn('operatore');
      sockets.push(await LobbySocket.staff(url, admin), await LobbySocket.staff(url, operator));
      const [adminSocket, operatorSocket] = sockets as [LobbySocket, LobbySocket];
      await adminSocket.next('queue');
      await operatorSocket.next('queue');

      const reservation = await book('2026-03-09T08:00:00.000Z');
      expect(await adminSocket.next('agenda')).toEqual({ type: 'agenda', storeId: milano });
      expect((await admin.post(`/api/bo/reservations/${reservation.id}`, { startsAt: '2026-03-09T09:00:00.000Z' })).statusCode).toBe(200);
      expect(await adminSocket.next('agenda')).toEqual({ type: 'agenda', storeId: milano });
      await invite(admin, reservation.id, 'Marta Greco', 'marta.greco@example.it');
      expect(await adminSocket.next('agenda')).toEqual({ type: 'agenda', storeId: milano });
      // Roma's booking reaches the operator: what they did not hear of Milano's was kept from them, not lost.
      await book('2026-03-09T08:00:00.000Z', { store: roma, topic: romaTopic });
      expect(await operatorSocket.next('agenda')).toEqual({ type: 'agenda', storeId: roma });
      expect((await operatorSocket.drainToEcho()).filter((message) => message.type === 'agenda')).toEqual([]);
      expect(await adminSocket.next('agenda')).toEqual({ type: 'agenda', storeId: roma });
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
      await t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorId)));
    }
  });
});

describe('the participant’s join, at the appointment’s time (last: it signs in with the clock moved on)', () => {
  it('joins the live queue under the participant’s own name at the appointment’s time; a wrong token leads nowhere', async () => {
    const admin = await signedIn();
    // Today 16:00 in Rome (15:00Z).
    const reservation = await book('2026-03-02T15:00:00.000Z');
    await invite(admin, reservation.id, 'Giorgio Colombo', 'giorgio.colombo@example.it');
    const { reservationId, participant } = personalLink((await outboxTo('giorgio.colombo@example.it'))[0]!.text);
    // 14:50Z: the link is open.
    await later(6 * 3_600_000 - 10 * 60_000, async () => {
      const browser = await visitor();
      const wrong = await browser.post(`/api/video-room/reservation/${reservationId}/send-join-request`, { participant: { ...participant, token: 'x' } });
      expect(wrong.statusCode).toBe(404);
      const sent = sentJoinRequestSchema.parse((await browser.post(`/api/video-room/reservation/${reservationId}/send-join-request`, { participant })).json());
      const staff = await signedIn('admin', 'demo.localhost', true);
      const queue = liveQueueSchema.parse((await staff.get('/api/bo/join-requests')).json());
      expect(queue.requests.find((request) => request.id === sent.request.id)).toMatchObject({
        name: 'Giorgio Colombo',
        source: 'reservation',
        appointment: { startsAt: '2026-03-02T15:00:00.000Z' },
      });
    });
  });
});
