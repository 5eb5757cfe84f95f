import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { createdReservationSchema } from '@incontra/contracts/api/reservations';
import { mailOutbox, stores, topics } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * An appointment's .ics when the names staff typed hold line separators (pasted from a document):
 * U+2028 and U+2029, NEL (U+0085), VT, FF, a lone CR. Each of them is written escaped as RFC 5545's
 * "\n", so that no reader, however lax about line ends, sees a property line broken into two. The
 * clock stands at Monday 2 March 2026, 10:00 in Rome (see booking.test.ts for the demo data).
 */

const SEPARATORS = ['\u2028', '\u2029', '\u0085', '\u000b', '\u000c', '\r'];
/** What a lax reader takes for the end of a line. */
const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

let t: TestApp;
let milano: string;
let topicId: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000 } });
  const ids = await t.db.asOwner(async (tx) => ({
    store: (await tx.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Milano Centro')))[0]!.id,
    topic: (await tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto')))[0]!.id,
  }));
  milano = ids.store;
  topicId = ids.topic;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** Every piece of the file, split where a lax reader would split it: a property, or a fold of one. */
function expectWholeLines(file: string): void {
  const pieces = file.split(ANY_LINE_BREAK).filter((piece) => piece !== '');
  expect(pieces).toEqual(file.split('\r\n').filter((piece) => piece !== ''));
  for (const piece of pieces) expect(piece).toMatch(/^( |[A-Z-]+[;:])/);
}

it('writes names holding line separators on whole property lines, in the download and in the e-mail', async () => {
  const admin = new TestClient(t.app, 'demo.localhost');
  expect((await admin.login()).statusCode).toBe(200);
  const topicName = `Consulenza${SEPARATORS.join('')}prodotto`;
  const companyId = (await admin.get('/api/me')).json().companyId as string;
  expect((await admin.post(`/api/topic/${topicId}`, { name: topicName })).statusCode).toBe(200);
  expect((await admin.post(`/api/company/${companyId}`, { name: `Demo${'\u2028'}Italia` })).statusCode).toBe(200);

  const visitor = new TestClient(t.app, 'demo.localhost', '198.51.100.7');
  await visitor.get('/api/me');
  const email = 'anna.calendario@example.it';
  const booked = await visitor.post('/api/reservations', {
    store: milano,
    topic: topicId,
    startsAt: '2026-03-04T09:00:00.000Z',
    firstName: 'Anna',
    lastName: 'Verdi',
    email,
    phone: '333 123 4567',
    privacyConsent: true,
  });
  expect(booked.statusCode).toBe(201);
  const { reservation, manageToken } = createdReservationSchema.parse(booked.json());

  const download = await visitor.get(`/api/reservations/${reservation.id}/calendar.ics`, { authorization: `Bearer ${manageToken}` });
  expect(download.statusCode).toBe(200);
  const [mail] = await t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));
  const attached = mail!.attachments.find((attachment) => attachment.filename.endsWith('.ics'))!.content;

  for (const file of [download.body, attached]) {
    expectWholeLines(file);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!);
    // Each separator reads back as the new line it stood for.
    expect(event.summary).toBe(`Consulenza${'\n'.repeat(SEPARATORS.length)}prodotto · Demo\nItalia`);
    expect(event.organizer).toBe('mailto:no-reply@incontra.local');
  }
});
