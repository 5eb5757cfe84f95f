import { expect, test, type Page } from '@playwright/test';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES as T } from '@incontra/contracts/messages/it-booking-pages';
import { latestMailTo } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { staffApi } from '../fixtures/backoffice';
import { freeStarts, ok, ownStore, type OwnStore } from '../fixtures/backoffice-store';
import { fillDetailsByKeyboard, freeTimes, monthCalendar, tabTo } from '../fixtures/bookings';
import { CLUSTER, visitorContext } from '../fixtures/lobby';
import { staffContext } from '../fixtures/rooms';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { ACME } from '../fixtures/tenants';

/*
 * The booking breaker as a visitor meets it, in real Chromium: more than 20 customer bookings of
 * one store within 10 minutes turn e-mail confirmation on (the default BOOKING_BREAKER_BOOKINGS;
 * the main e2e server raises it for the other suites, the cluster's processes keep it). On a store
 * of its own in Acme on the cluster (e2e/scripts/start-cluster.mjs), 21 customer bookings through
 * the API trip it; then a visitor books with the keyboard alone and is asked to check the e-mail
 * (202, nothing held), opens the link from the outbox (the cluster's SMTP server is down: the
 * outbox view still lists the message) and the time is booked. A link used twice, a wrong one and
 * one whose time was taken meanwhile each say what happened. The store is left in place: the
 * cluster's database is made afresh on every run, and cancelling its 22 appointments would only
 * send 22 more e-mails.
 */

const ACME_CLUSTER = `http://${ACME.slug}.localhost:${new URL(CLUSTER.first).port}`;
/** The default breaker: the booking past this many in the window trips it. */
const BREAKER_BOOKINGS = 20;

const run = Math.random().toString(36).slice(2, 8);
let customers = 0;
const uniqueEmail = (label: string) => `${label}-${run}-${(customers += 1)}@example.it`;

interface Start {
  startsAt: string;
  date: string;
  time: string;
}

test.describe.configure({ mode: 'serial' });

let staff: Page;
let visitor: Page;
let store: OwnStore;
/** Every free start of the store in the next four weeks, in order. */
let starts: Start[];
/** The link the keyboard booking's e-mail gave, once the first test has read it. */
let confirmLink: string;
let confirmedId: string;

/** A customer booking as the booking page sends it, from the visitor's page: its status. */
async function customerBooks(start: Start, email: string): Promise<number> {
  const answer = await staffApi(visitor, 'POST', '/api/reservations', {
    store: store.storeId,
    topic: store.topicId,
    startsAt: start.startsAt,
    firstName: 'Flora',
    lastName: 'Bianchi',
    email,
    phone: '333 765 4321',
    privacyConsent: true,
  });
  return answer.status;
}

/** Whether `startsAt` is still offered to visitors. */
async function stillFree(startsAt: string): Promise<boolean> {
  const days = await freeStarts(visitor, store);
  return days.some((day) => day.slots.some((slot) => slot.startsAt === startsAt));
}

/** The confirmation link in the newest e-mail to `email`. */
async function linkMailedTo(page: Page, email: string): Promise<string> {
  const mail = await latestMailTo(page, email);
  expect(mail!.subject).toMatch(/^Conferma il tuo appuntamento: .+ · Acme$/);
  const link = /http:\/\/\S+\/prenota\/conferma\?richiesta=[\w-]+&token=[\w-]+/.exec(mail!.text)?.[0];
  expect(link, mail!.text).toBeDefined();
  expect(new URL(link!).origin).toBe(ACME_CLUSTER);
  return link!;
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  staff = (await staffContext(browser, ACME_CLUSTER, ACME.admin)).page;
  store = await ownStore(staff, 'Negozio Affollato');
  starts = (await freeStarts(staff, store)).flatMap((day) => day.slots.map((slot) => ({ ...slot, date: day.date })));
  expect(starts.length, 'free starts for the flood and the tests').toBeGreaterThan(BREAKER_BOOKINGS + 40);
  visitor = (await visitorContext(browser)).page;
  await visitor.goto(`${ACME_CLUSTER}/prenota?store=${store.storeId}`);
  await expect(visitor.getByRole('button', { name: store.topicName })).toBeVisible();

  // The flood: the last starts of the four weeks, each by another customer, all booked at once;
  // the last of them trips the breaker.
  for (const start of starts.slice(-(BREAKER_BOOKINGS + 1))) expect(await customerBooks(start, uniqueEmail('flood'))).toBe(201);
});

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test.afterAll(async () => {
  await Promise.all([staff?.context().close(), visitor?.context().close()]);
});

test('breaker on: a visitor books by keyboard, is asked to check the e-mail, and its link books the time', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('tastiera');
  /** The time chosen ('10:00') and its instant, as the booking page sent it. */
  let chosen = '';
  let startsAt = '';

  await test.step('the three steps by keyboard end on «Controlla la tua e-mail»: 202, nothing held', async () => {
    await page.goto(`${ACME_CLUSTER}/prenota?store=${store.storeId}`);
    await tabTo(page, page.getByRole('button', { name: store.topicName }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Passo 2 di 3/ })).toBeFocused();
    await tabTo(page, monthCalendar(page).getByRole('button', { pressed: true }));
    const times = freeTimes(page);
    await expect(times.first()).toBeVisible();
    expect(await tabTo(page, times.first()), 'the times right after the day').toBe(1);
    // The day's last time (the arrows go round): the first may pass the minimum notice meanwhile.
    await page.keyboard.press('ArrowLeft');
    const last = times.last();
    await expect(last).toBeFocused();
    chosen = (await last.textContent())!;
    await page.keyboard.press('Space');
    await expect(last).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Continua' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Passo 3 di 3/ })).toBeFocused();
    await fillDetailsByKeyboard(page, email);
    await expectVisibleFocus(page);
    const booking = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reservations');
    await page.keyboard.press('Enter');
    const answer = await booking;
    expect(answer.status()).toBe(202);
    startsAt = (answer.request().postDataJSON() as { startsAt: string }).startsAt;

    await expect(page.getByRole('heading', { name: T.emailCheck.title })).toBeFocused();
    const check = page.getByTestId('booking-email-check');
    await expect(check).toContainText(T.emailCheck.lead(email));
    await expect(check).toContainText(T.emailCheck.notHeld);
    await expect(check).toContainText(/Il link vale 30 minuti, fino alle \d\d:\d\d\./);
    // No confirmation yet, and the time is still offered to others.
    await expect(page.getByRole('heading', { name: T.confirmation.title })).toHaveCount(0);
    expect(await stillFree(startsAt)).toBe(true);
    await auditState(page, 'booking: check the e-mail (breaker on)');
    await expectFitsPhoneAndDesktop(page, testInfo, 'email-check');
  });

  await test.step('the e-mailed link books the time: the confirmation, then the manage page by keyboard', async () => {
    confirmLink = await linkMailedTo(page, email);
    expect((await latestMailTo(page, email))!.text).toMatch(
      new RegExp(`^Ciao Mario,\nper confermare la videochiamata con Acme di .+, ${chosen} apri questo link entro 30 minuti:\n`),
    );
    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: T.confirmation.title })).toBeFocused();
    await expect(page.getByTestId('appointment-summary').getByText(`, ${chosen}`)).toBeVisible();
    await expect(page.getByTestId('booking-confirmation')).toContainText(T.confirmation.lead(email));
    await auditState(page, 'booking: confirmed from the e-mailed link');
    await expectFitsPhoneAndDesktop(page, testInfo, 'confirm-link-confirmed');

    const manage = page.getByRole('link', { name: T.confirmation.manage });
    confirmedId = /\/prenotazione\/([\w-]+)/.exec((await manage.getAttribute('href'))!)![1]!;
    await tabTo(page, manage);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: T.manage.title })).toBeVisible();
    await expect(page.getByTestId('appointment-summary').getByText(T.manage.status.booked, { exact: true })).toBeVisible();
    await expect(page.getByTestId('appointment-summary').getByText(`, ${chosen}`)).toBeVisible();
    // Now it is held: no longer offered, and the usual confirmation e-mail followed.
    expect(await stillFree(startsAt)).toBe(false);
    await expect.poll(async () => (await latestMailTo(page, email))?.subject ?? '').toMatch(/^Appuntamento confermato: .+ · Acme$/);
  });
});

test('the link a second time shows the same booking; a wrong link says so and leads back by keyboard', async ({ page }, testInfo) => {
  test.skip(!confirmLink, 'needs the link of the test before');

  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: T.confirmation.title })).toBeFocused();
  await expect(page.getByRole('link', { name: T.confirmation.manage })).toHaveAttribute('href', new RegExp(`/prenotazione/${confirmedId}\\?`));

  // The token's last character changed: the link names nothing.
  const wrong = new URL(confirmLink);
  const token = wrong.searchParams.get('token')!;
  wrong.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
  await page.goto(wrong.toString());
  await expect(page.getByRole('heading', { level: 1, name: T.confirmLink.failedTitle })).toBeFocused();
  await expect(page.getByTestId('booking-confirm-error')).toHaveText(IT_BOOKING.errors.confirmationNotFound);
  // Final: nothing to try again.
  await expect(page.getByTestId('booking-confirm-error').getByRole('button')).toHaveCount(0);
  await auditState(page, 'booking: a wrong confirmation link');
  await expectFitsPhoneAndDesktop(page, testInfo, 'confirm-link-wrong');

  await tabTo(page, page.getByRole('link', { name: T.confirmLink.bookAgain }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${ACME_CLUSTER}/prenota`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a time booked by staff meanwhile: the link says it is no longer free', async ({ page }) => {
  // A start nobody has: after the keyboard booking's first day, before the flood's last days.
  const start = starts[Math.floor(starts.length / 2)]!;
  expect(await stillFree(start.startsAt)).toBe(true);
  const email = uniqueEmail('tardi');
  expect(await customerBooks(start, email)).toBe(202);
  await page.goto(`${ACME_CLUSTER}/prenota?store=${store.storeId}`);
  const link = await linkMailedTo(page, email);

  // Staff book by phone, past the breaker (it holds back customers only).
  await ok(
    staffApi(staff, 'POST', '/api/bo/reservations', {
      store: store.storeId,
      topic: store.topicId,
      startsAt: start.startsAt,
      firstName: 'Ugo',
      lastName: 'Neri',
      email: uniqueEmail('telefono'),
      phone: '333 111 2222',
    }),
    201,
  );

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: T.confirmLink.failedTitle })).toBeFocused();
  await expect(page.getByTestId('booking-confirm-error')).toHaveText(IT_BOOKING.errors.slotUnavailable);
  await expect(page.getByRole('link', { name: T.confirmLink.bookAgain })).toBeVisible();
});
