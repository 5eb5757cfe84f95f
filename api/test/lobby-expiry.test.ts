import { randomUUID } from 'node:crypto';
import { LOBBY_RULES, type JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { LobbyAnnouncer } from '../src/lobby/announcer';
import type { GuestSeats } from '../src/lobby/guest-seats';
import { SEATLESS_CONFIRM_MS, SEATLESS_MARGIN_MS, SeatlessGuests } from '../src/lobby/seatless-guests';
import { JoinRequestService } from '../src/lobby/service';
import { noVerification, startLobbyApp, type LobbyTestApp, type Visitor } from './helpers/lobby-fixtures';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { silentLog } from './helpers/silent-log';
import { until } from './helpers/until';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { TWILIO_TEST_KEYS } from './helpers/twilio-keys';

let t: LobbyTestApp;
let demoId: string;
let anna: TestClient;
const TIMEOUT_SECONDS = 120;

beforeAll(async () => {
  t = await startLobbyApp({ env: { JOIN_REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) } });
  demoId = t.seeded.demoId;
  anna = await t.staff('admin');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function newVisitor(host = 'demo.localhost', store = t.seeded.store('Milano Centro'), room = t.seeded.room('Sala Consulenza')): Promise<Visitor> {
  const visitor = await t.visitor(host);
  await visitor.send(store, room);
  return visitor;
}

/** Moves the clock in steps, the visitor's page asking for its status at each (it is alive). */
async function waitAlive(visitors: Visitor[], totalMs: number): Promise<void> {
  const step = LOBBY.visitorGoneMs / 2;
  for (let waited = 0; waited < totalMs; waited += step) {
    t.clock.advance(Math.min(step, totalMs - waited));
    for (const visitor of visitors) await visitor.call('');
  }
}

const sweep = () => t.service().sweep();
const statusOf = async (visitor: Visitor) => (await t.row(demoId, visitor.id)).status as JoinRequestStatus;

describe('the sweeper', () => {
  it('expires a request nobody answered past the timeout, and tells staff and visitor', async () => {
    const visitor = await newVisitor();
    const busy = await newVisitor();
    await waitAlive([visitor, busy], TIMEOUT_SECONDS * 1000 - 10_000);
    await anna.post(`/api/video-room/join-request/${busy.id}/busy`, { message: 'Attendi' });
    await waitAlive([visitor, busy], 10_000);
    await sweep();
    expect(await statusOf(visitor)).toBe('pending');

    t.clock.advance(1);
    t.notifier.take();
    expect(await sweep()).toBe(1);
    expect(await statusOf(visitor)).toBe('expired');
    // busy started its wait again.
    expect(await statusOf(busy)).toBe('busy');
    const events = t.notifier.take();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ companyId: demoId, request: { id: visitor.id, status: 'expired' }, visitor: { id: visitor.id, status: 'expired' } });
    expect((await visitor.call('')).json()).toMatchObject({ status: 'expired' });

    // A second sweep finds nothing more.
    expect(await sweep()).toBe(0);
    expect(t.notifier.take()).toEqual([]);
    await waitAlive([busy], TIMEOUT_SECONDS * 1000);
    t.clock.advance(1);
    await sweep();
    expect(await statusOf(busy)).toBe('expired');
  });

  it('takes the approval back from a visitor who did not enter the room in time', async () => {
    const visitor = await newVisitor();
    await anna.post(`/api/video-room/join-request/${visitor.id}/approve`);
    t.clock.advance(LOBBY_RULES.approvedJoinWindowMs);
    await sweep();
    expect(await statusOf(visitor)).toBe('approved');
    t.clock.advance(1);
    t.notifier.take();
    await sweep();
    expect(await statusOf(visitor)).toBe('expired');
    expect(t.notifier.take().map((event) => [event.request.status, event.visitor.status])).toEqual([['expired', 'expired']]);
  });

  it('withdraws a waiting request whose visitor has gone silent, of every company, but not one still heard from', async () => {
    const gone = await newVisitor();
    const alive = await newVisitor();
    const socketOnly = await newVisitor();
    const acme = await newVisitor('acme.localhost', t.seeded.store('Acme Torino'), t.seeded.room('Sala Acme'));
    t.clock.advance(LOBBY.visitorGoneMs / 2);
    await alive.call('');
    await t.service().markVisitorsSeen(demoId, [socketOnly.id, 'not-an-id']);
    t.clock.advance(LOBBY.visitorGoneMs / 2 + 1);
    t.notifier.take();
    await sweep();
    expect(await statusOf(gone)).toBe('cancelled');
    expect(await statusOf(alive)).toBe('pending');
    expect(await statusOf(socketOnly)).toBe('pending');
    expect((await t.row(t.seeded.acmeId, acme.id)).status).toBe('cancelled');
    const events = t.notifier.take();
    expect(events.map((event) => [event.companyId, event.request.id, event.visitor.status])).toEqual(
      expect.arrayContaining([
        [demoId, gone.id, 'cancelled'],
        [t.seeded.acmeId, acme.id, 'cancelled'],
      ]),
    );
    expect(events.every((event) => event.request.status === event.visitor.status)).toBe(true);
  });

  it('leaves requests in the call and those already over alone', async () => {
    const statuses: JoinRequestStatus[] = ['joined', 'ended', 'rejected', 'cancelled', 'expired'];
    const visitors = await Promise.all(statuses.map(() => newVisitor()));
    await Promise.all(visitors.map((visitor, index) => t.force(demoId, visitor.id, statuses[index]!)));
    t.clock.advance(TIMEOUT_SECONDS * 1000 * 10);
    await sweep();
    expect(await Promise.all(visitors.map(statusOf))).toEqual(statuses);
  });
});

describe('the sweeper timer of the app', () => {
  it(
    'runs by itself once the app is ready and stops when it closes',
    async () => {
      const timed = await startLobbyApp({ overrides: { sweepIntervalMs: 20 } });
      try {
        const visitor = await timed.visitor();
        await visitor.send(timed.seeded.store('Milano Centro'), timed.seeded.room('Sala Consulenza'));
        timed.clock.advance(LOBBY.visitorGoneMs + 1);
        await until(async () => (await timed.row(timed.seeded.demoId, visitor.id)).status !== 'pending', 'a sweep by the timer', 10_000);
        expect((await timed.row(timed.seeded.demoId, visitor.id)).status).toBe('cancelled');
        expect(timed.notifier.events.some((event) => event.visitor.id === visitor.id && event.visitor.status === 'cancelled')).toBe(true);
      } finally {
        await timed.close();
      }
    },
    START_TIMEOUT_MS,
  );
});

/** Seats as a test decides them, per guest identity (anyone else holds a seat); every question recorded. */
class FakeSeats implements GuestSeats {
  readonly answers = new Map<string, boolean | null | Error>();
  readonly asked: string[] = [];

  async holdsSeat(_companyId: string, _roomId: string, identity: string): Promise<boolean | null> {
    this.asked.push(identity);
    const answer = this.answers.get(identity);
    if (answer instanceof Error) throw answer;
    return answer === undefined ? true : answer;
  }
}

describe('the sweeper and guests in the call without a seat', () => {
  let seats: FakeSeats;
  let service: JoinRequestService;
  beforeEach(() => {
    seats = new FakeSeats();
    // One service for the whole case: it remembers since when a guest has been seen seatless.
    service = new JoinRequestService({
      db: t.db,
      clock: t.clock.now,
      lobby: t.config.lobby,
      notifier: t.notifier,
      verification: noVerification,
      log: silentLog,
      guestSeats: seats,
    });
  });

  /** A request in the call since now, whose guest's seat answers `seat`. */
  async function inTheCall(seat: boolean | null | Error, host?: string, store?: string, room?: string) {
    const visitor = await newVisitor(host, store, room);
    const identity = `guest-${randomUUID()}`;
    const companyId = host === 'acme.localhost' ? t.seeded.acmeId : demoId;
    await t.force(companyId, visitor.id, 'joined', { guestIdentity: identity, updatedAt: t.clock.now() });
    seats.answers.set(identity, seat);
    return { visitor, identity };
  }
  const eventsOf = (visitor: Visitor) =>
    t.notifier
      .take()
      .filter((event) => event.request.id === visitor.id)
      .map((event) => [event.companyId, event.request.status, event.visitor.status]);

  it('ends a request whose guest holds no seat, past the margin and a second look, and tells staff and visitor', async () => {
    const gone = await inTheCall(false);
    const seated = await inTheCall(true);
    t.clock.advance(SEATLESS_MARGIN_MS - 1);
    await service.sweep();
    // Still within the margin (the guest may be on the pre-join): nobody asked.
    expect(seats.asked).not.toContain(gone.identity);
    t.clock.advance(2);
    await service.sweep();
    expect(seats.asked).toContain(gone.identity);
    expect(seats.asked).toContain(seated.identity);
    expect(await statusOf(gone.visitor)).toBe('joined');
    t.clock.advance(SEATLESS_CONFIRM_MS - 1);
    await service.sweep();
    expect(await statusOf(gone.visitor)).toBe('joined');

    t.notifier.take();
    t.clock.advance(1);
    await service.sweep();
    expect(await statusOf(gone.visitor)).toBe('ended');
    expect(eventsOf(gone.visitor)).toEqual([[demoId, 'ended', 'ended']]);
    expect((await gone.visitor.call('')).json()).toMatchObject({ status: 'ended' });
    expect(await statusOf(seated.visitor)).toBe('joined');
    // Told once.
    t.clock.advance(SEATLESS_CONFIRM_MS);
    await service.sweep();
    expect(eventsOf(gone.visitor)).toEqual([]);
    expect(await statusOf(seated.visitor)).toBe('joined');
  });

  it('leaves a guest who holds its seat alone, and counts again from when it is found seatless', async () => {
    const guest = await inTheCall(false);
    t.clock.advance(SEATLESS_MARGIN_MS + 1);
    await service.sweep();
    seats.answers.set(guest.identity, true);
    t.clock.advance(SEATLESS_CONFIRM_MS);
    await service.sweep();
    seats.answers.set(guest.identity, false);
    t.clock.advance(SEATLESS_CONFIRM_MS);
    await service.sweep();
    expect(await statusOf(guest.visitor)).toBe('joined');
    t.clock.advance(SEATLESS_CONFIRM_MS);
    await service.sweep();
    expect(await statusOf(guest.visitor)).toBe('ended');
  });

  it('ends nothing while the seat cannot be known: no answer, or a question that fails', async () => {
    const unknown = await inTheCall(null);
    const failing = await inTheCall(new Error('signalling process p2 did not answer'));
    const later = await inTheCall(false);
    t.clock.advance(SEATLESS_MARGIN_MS + 1);
    await service.sweep();
    // Seen seatless once; at the next look its owner does not answer: not this round.
    seats.answers.set(later.identity, null);
    for (let round = 0; round < 3; round += 1) {
      t.clock.advance(SEATLESS_CONFIRM_MS);
      await service.sweep();
    }
    expect(seats.asked.filter((identity) => identity === unknown.identity || identity === failing.identity)).toHaveLength(8);
    expect(await Promise.all([unknown, failing, later].map((guest) => statusOf(guest.visitor)))).toEqual(['joined', 'joined', 'joined']);
    seats.answers.set(later.identity, false);
    await service.sweep();
    expect(await statusOf(later.visitor)).toBe('ended');
  });

  it('does not end a guest who entered again (a reload) after it was found seatless', async () => {
    const guest = await inTheCall(false);
    t.clock.advance(SEATLESS_MARGIN_MS + 1);
    await service.sweep();
    const response = await guest.visitor.browser.post(
      `/api/video-room/${t.seeded.room('Sala Consulenza')}/join`,
      { joinRequestId: guest.visitor.id },
      { authorization: `Bearer ${guest.visitor.token}` },
    );
    expect(response.statusCode).toBe(200);
    const again = joinRoomResponseSchema.parse(response.json()).identity;
    seats.answers.set(again, false);
    t.clock.advance(SEATLESS_CONFIRM_MS);
    await service.sweep();
    expect(await t.row(demoId, guest.visitor.id)).toMatchObject({ status: 'joined', guestIdentity: again });
  });

  it('asks about at most a batch of requests per company and sweep, the longest in the call first', async () => {
    const acme = () => inTheCall(false, 'acme.localhost', t.seeded.store('Acme Torino'), t.seeded.room('Sala Acme'));
    const oldest = await acme();
    t.clock.advance(1000);
    const middle = await acme();
    t.clock.advance(1000);
    const newest = await acme();
    const deps = { db: t.db, clock: t.clock.now, lobby: t.config.lobby, announcer: new LobbyAnnouncer({ db: t.db, notifier: t.notifier, log: silentLog }) };
    const seatless = new SeatlessGuests({ seats, batch: 2 });
    t.clock.advance(SEATLESS_MARGIN_MS + 1);
    await seatless.sweep(deps, t.seeded.acmeId);
    expect(seats.asked).toEqual([oldest.identity, middle.identity]);
    t.clock.advance(SEATLESS_CONFIRM_MS);
    expect(await seatless.sweep(deps, t.seeded.acmeId)).toBe(2);
    expect(seats.asked.slice(2)).toEqual([oldest.identity, middle.identity]);
    // Their turn over, the next one is looked at.
    await seatless.sweep(deps, t.seeded.acmeId);
    expect(seats.asked.slice(4)).toEqual([newest.identity]);
    expect((await t.row(t.seeded.acmeId, newest.visitor.id)).status).toBe('joined');
  });
});

/**
 * The app's own sweeper (its timer) with the rooms' real signalling. `sweptAt` moves the clock and
 * waits for a sweep at that time: a visitor's silent request, sent just before, is withdrawn by it.
 * A later call also proves the previous sweep over (one sweep at a time per process).
 */
async function startTimedApp(env: Record<string, string> = {}) {
  const app = await startLobbyApp({ env, overrides: { sweepIntervalMs: 20 } });
  const staff = await app.staff('admin');
  const store = app.seeded.store('Milano Centro');
  const roomId = app.seeded.room('Sala Consulenza');
  return {
    app,
    roomId,
    async guest(): Promise<{ visitor: Visitor; joined: JoinRoomResponse }> {
      const visitor = await app.visitor();
      await visitor.send(store, roomId);
      expect((await staff.post(`/api/video-room/join-request/${visitor.id}/approve`)).statusCode).toBe(200);
      const response = await visitor.browser.post(
        `/api/video-room/${roomId}/join`,
        { joinRequestId: visitor.id },
        { authorization: `Bearer ${visitor.token}` },
      );
      expect(response.statusCode).toBe(200);
      return { visitor, joined: joinRoomResponseSchema.parse(response.json()) };
    },
    async sweptAt(advanceMs: number): Promise<void> {
      const witness = await app.visitor();
      await witness.send(store, roomId);
      app.clock.advance(Math.max(advanceMs, LOBBY.visitorGoneMs + 1));
      await until(async () => (await app.row(app.seeded.demoId, witness.id)).status !== 'pending', 'a sweep after the witness was gone', 10_000);
      expect((await app.row(app.seeded.demoId, witness.id)).status).toBe('cancelled');
    },
    status: async (visitor: Visitor) => (await app.row(app.seeded.demoId, visitor.id)).status,
  };
}

describe('the app’s sweeper and the rooms’ seats', () => {
  it(
    'ends the request of a guest who never reached its seat, not that of a guest in the call',
    async () => {
      const timed = await startTimedApp();
      let client: SignallingClient | null = null;
      try {
        const absent = await timed.guest();
        const present = await timed.guest();
        client = (await SignallingClient.enter(await signallingUrl(timed.app.app), present.joined.token)).client;
        await timed.sweptAt(SEATLESS_MARGIN_MS + 1);
        await timed.sweptAt(SEATLESS_CONFIRM_MS + 1);
        await timed.sweptAt(0);
        expect(await timed.status(absent.visitor)).toBe('ended');
        expect(timed.app.notifier.events.some((event) => event.visitor.id === absent.visitor.id && event.visitor.status === 'ended')).toBe(true);
        expect(await timed.status(present.visitor)).toBe('joined');
      } finally {
        await client?.close();
        await timed.app.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    'leaves the requests of Twilio calls alone (no seat is known here)',
    async () => {
      const timed = await startTimedApp(TWILIO_TEST_KEYS);
      try {
        const guest = await timed.guest();
        expect(guest.joined.provider).toBe('twilio');
        await timed.sweptAt(SEATLESS_MARGIN_MS + 1);
        await timed.sweptAt(SEATLESS_CONFIRM_MS + 1);
        await timed.sweptAt(0);
        expect(await timed.status(guest.visitor)).toBe('joined');
      } finally {
        await timed.app.close();
      }
    },
    START_TIMEOUT_MS,
  );
});
