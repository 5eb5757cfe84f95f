import { expect, test, type Page } from '@playwright/test';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES as T } from '@incontra/contracts/messages/it-booking-pages';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { latestMailTo } from '../fixtures/auth';
import { chooseFreeDay, freeTimes } from '../fixtures/bookings';
import { DEMO } from '../fixtures/tenants';

/*
 * Booking as a visitor does it, in real Chromium against the started system: the three steps,
 * the confirmation e-mail with its .ics (read from the development outbox), two visitors racing
 * for the last place of a start, and the customer moving then cancelling through the manage link.
 * Nothing assumes today's date: each test takes the days and times the calendar offers, going on to
 * the next month when the one shown has no day that fits (fixtures/bookings).
 */

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

let customers = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(customers += 1)}@example.it`;

interface FreeTime {
  /** The day's name in the calendar ('lunedì 30 novembre 2026') and the time ('10:00'). */
  day: string;
  time: string;
}

/**
 * From the welcome page's store to a free time, as a visitor clicks: the first one the calendar
 * offers, or `wanted` (another visitor's choice), wherever it is.
 */
async function chooseFreeTime(page: Page, store: string, topic: string, wanted?: FreeTime): Promise<FreeTime> {
  await page.goto(`${DEMO.url}/prenota`);
  await page.getByRole('button', { name: new RegExp(store) }).click();
  await page
    .getByRole('button', { name: topic })
    .or(page.getByRole('radio', { name: topic }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Passo 2 di 3/ })).toBeFocused();
  const day = await chooseFreeDay(page, wanted ? (name) => name === wanted.day : undefined);
  const time = wanted ? freeTimes(page).filter({ hasText: new RegExp(`^${wanted.time}$`) }) : freeTimes(page).first();
  const label = (await time.textContent())!;
  await time.click();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByRole('heading', { name: /^Passo 3 di 3/ })).toBeFocused();
  return { day, time: label };
}

async function fillDetails(page: Page, email: string, firstName = 'Mario') {
  await page.getByRole('textbox', { name: T.details.firstName, exact: true }).fill(firstName);
  await page.getByRole('textbox', { name: T.details.lastName, exact: true }).fill('Rossi');
  await page.getByRole('textbox', { name: T.details.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: T.details.phone, exact: true }).fill('333 123 4567');
  await page.getByRole('checkbox').check();
}

test('a visitor books through the three steps and gets the confirmation e-mail with its .ics', async ({ page }) => {
  const { time } = await chooseFreeTime(page, 'Milano Centro', 'Consulenza prodotto');
  // Nothing typed: every field says what it needs, in Italian.
  await page.getByRole('button', { name: T.details.submit }).click();
  await expect(page.getByText(IT_BOOKING.validation.firstName)).toBeVisible();
  await expect(page.getByText(IT_BOOKING.validation.privacyConsent)).toBeVisible();
  const email = uniqueEmail('tre.passi');
  await fillDetails(page, email);
  await page.getByRole('button', { name: T.details.submit }).click();
  await expect(page.getByRole('heading', { name: T.confirmation.title })).toBeVisible();
  await expect(page.getByText(T.confirmation.lead(email))).toBeVisible();
  await expect(page.getByTestId('appointment-summary').getByText(`, ${time}`)).toBeVisible();
  await expect(page.getByRole('link', { name: T.confirmation.googleCalendar })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );

  const mail = await latestMailTo(page, email);
  expect(mail!.subject).toMatch(new RegExp(`^Appuntamento confermato: .+, ${time} · Demo$`));
  const manage = mail!.text.match(/http:\/\/\S+\/prenotazione\/([\w-]+)\?token=\S+/);
  expect(manage).not.toBeNull();
  const ics = mail!.attachments[0]!;
  expect(ics.filename).toBe('appuntamento.ics');
  expect(ics.content).toContain('METHOD:REQUEST');
  expect(ics.content).toContain(`UID:${manage![1]}@incontra`);
  expect(ics.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);
});

test('two visitors race for the last place: the loser is told and offered other times, nothing typed lost', async ({ browser }) => {
  // Roma Termini's only room takes one appointment at a time.
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  await Promise.all([acceptCookiesUpFront(first!), acceptCookiesUpFront(second!)]);
  // The second takes the first's time by name: a minute passing between the two (the minimum
  // notice moving on) cannot give them different first times.
  const chosen = await chooseFreeTime(first!, 'Roma Termini', 'Informazioni');
  expect(await chooseFreeTime(second!, 'Roma Termini', 'Informazioni', chosen)).toEqual(chosen);
  await fillDetails(first!, uniqueEmail('primo'), 'Primo');
  const loserEmail = uniqueEmail('secondo');
  await fillDetails(second!, loserEmail, 'Secondo');

  await first!.getByRole('button', { name: T.details.submit }).click();
  await expect(first!.getByRole('heading', { name: T.confirmation.title })).toBeVisible();
  await second!.getByRole('button', { name: T.details.submit }).click();
  await expect(second!.getByText(IT_BOOKING.errors.slotUnavailable)).toBeVisible();
  await expect(second!.getByRole('textbox', { name: T.details.firstName, exact: true })).toHaveValue('Secondo');
  await expect(second!.getByRole('textbox', { name: T.details.email, exact: true })).toHaveValue(loserEmail);
  const alternative = second!
    .getByText(T.slotTaken.alternatives)
    .locator('..')
    .getByRole('button', { name: /\d\d:\d\d/ })
    .first();
  await alternative.click();
  await second!.getByRole('button', { name: T.details.submit }).click();
  await expect(second!.getByRole('heading', { name: T.confirmation.title })).toBeVisible();
  await Promise.all(contexts.map((context) => context.close()));
});

test('the customer moves the appointment and then cancels it through the manage link', async ({ page }) => {
  const booked = await chooseFreeTime(page, 'Milano Centro', 'Assistenza post-vendita');
  const email = uniqueEmail('gestione');
  await fillDetails(page, email);
  await page.getByRole('button', { name: T.details.submit }).click();
  await page.getByRole('link', { name: T.confirmation.manage }).click();
  await expect(page.getByRole('heading', { name: T.manage.title })).toBeVisible();
  await expect(page.getByTestId('appointment-summary').getByText(T.manage.status.booked, { exact: true })).toBeVisible();

  // Another day than the booked one: in the month shown if it has one, else in the next ones.
  await page.getByRole('button', { name: T.manage.move }).click();
  const movePanel = page.getByTestId('move-panel');
  await chooseFreeDay(movePanel, (day) => day !== booked.day);
  const newTime = freeTimes(movePanel).first();
  const label = (await newTime.textContent())!;
  await newTime.click();
  await page.getByRole('button', { name: T.manage.moveConfirm }).click();
  await expect(page.getByText(new RegExp(`^Appuntamento spostato a .+, ${label}\\.$`))).toBeVisible();
  await expect.poll(async () => (await latestMailTo(page, email))?.subject ?? '').toMatch(/^Appuntamento spostato: /);

  await page.getByRole('button', { name: T.manage.cancel }).click();
  const dialog = page.getByRole('dialog', { name: T.manage.cancelDialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: T.manage.cancelConfirm }).click();
  await expect(page.getByTestId('appointment-summary').getByText(T.manage.status.cancelled, { exact: true })).toBeVisible();
  await expect.poll(async () => (await latestMailTo(page, email))?.subject ?? '').toMatch(/^Appuntamento annullato: /);
});
