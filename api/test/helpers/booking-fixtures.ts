import type { ReservationBody } from '@incontra/contracts/api/reservations';
import { rooms, stores, topicRooms, topics } from '../../src/db/schema';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';

/*
 * What the booking suites book on, in the seeded data: Milano Centro's «Consulenza prodotto» is
 * served by every room of the store (Sala Assistenza: 2 places × 20 min; Sala Consulenza: 1 × 30
 * min), Monday to Friday 9–13 and 14–18 in Europe/Rome; Acme Torino has «Preventivi».
 */
export interface SeededBooking {
  demoId: string;
  acmeId: string;
  milano: string;
  roma: string;
  acmeStore: string;
  /** «Consulenza prodotto», Milano Centro's. */
  consulenzaTopic: string;
  /** «Assistenza post-vendita», Milano Centro's (`serveByOneRoom` leaves it Sala Consulenza's alone). */
  singleRoomTopic: string;
  /** A topic of Roma Termini. */
  romaTopic: string;
  /** «Preventivi», Acme Torino's. */
  acmeTopic: string;
  consulenzaRoom: string;
  assistenzaRoom: string;
}

/** The seeded ids of the booking suites (read back as the owner: the seed made them). */
export async function seededBooking(t: TestApp): Promise<SeededBooking> {
  const { storeRows, roomRows, topicRows } = await t.db.asOwner(async (tx) => ({
    storeRows: await tx.select({ id: stores.id, name: stores.name, companyId: stores.companyId }).from(stores),
    roomRows: await tx.select({ id: rooms.id, name: rooms.name }).from(rooms),
    topicRows: await tx.select({ id: topics.id, name: topics.name, storeId: topics.storeId }).from(topics),
  }));
  const store = (name: string) =>
    found(
      storeRows.find((row) => row.name === name),
      `store ${name}`,
    );
  const topic = (storeId: string, name?: string) =>
    found(
      topicRows.find((row) => row.storeId === storeId && (name === undefined || row.name === name)),
      `topic ${name ?? 'any'}`,
    ).id;
  const room = (name: string) =>
    found(
      roomRows.find((row) => row.name === name),
      `room ${name}`,
    ).id;
  const milano = store('Milano Centro');
  const roma = store('Roma Termini');
  const acme = store('Acme Torino');
  return {
    demoId: milano.companyId,
    acmeId: acme.companyId,
    milano: milano.id,
    roma: roma.id,
    acmeStore: acme.id,
    consulenzaTopic: topic(milano.id, 'Consulenza prodotto'),
    singleRoomTopic: topic(milano.id, 'Assistenza post-vendita'),
    romaTopic: topic(roma.id),
    acmeTopic: topic(acme.id, 'Preventivi'),
    consulenzaRoom: room('Sala Consulenza'),
    assistenzaRoom: room('Sala Assistenza'),
  };
}

function found<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`no seeded ${what}`);
  return row;
}

/** «Assistenza post-vendita» served by Sala Consulenza alone: one place per start. */
export async function serveByOneRoom(t: TestApp, ids: SeededBooking): Promise<void> {
  await t.db.asOwnerForTenant(ids.demoId, (tx) =>
    tx.insert(topicRooms).values({ companyId: ids.demoId, topicId: ids.singleRoomTopic, roomId: ids.consulenzaRoom }),
  );
}

/** A browser on the company's site with its CSRF cookie, as the pages' first call gives it. */
export async function siteVisitor(t: TestApp, host = 'demo.localhost', address?: string): Promise<TestClient> {
  const browser = new TestClient(t.app, host, address);
  await browser.get('/api/me');
  return browser;
}

/**
 * Booking bodies, a new customer each time (`customer(n)` gives the n-th its own address, which
 * keeps the per-customer limits out of the way); `extra` overrides any field. `base` is read at
 * each body, so that a suite may declare it before its ids are known.
 */
export function reservationBodies(
  base: () => Omit<ReservationBody, 'startsAt' | 'email'>,
  customer: (n: number) => Pick<ReservationBody, 'email'> & Partial<ReservationBody>,
): (startsAt: string, extra?: Partial<ReservationBody>) => ReservationBody {
  let customers = 0;
  return (startsAt, extra = {}) => {
    customers += 1;
    return { ...base(), startsAt, ...customer(customers), ...extra };
  };
}
