import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES as T } from '@incontra/contracts/messages/it-booking-pages';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { latestMailTo } from '../fixtures/auth';
import { chooseFreeDay, fillDetailsByKeyboard, freeTimes, monthCalendar, tabTo } from '../fixtures/bookings';
import { DEMO } from '../fixtures/tenants';

/*
 * Booking as a visitor does it, in real Chromium against the started system: the three steps (with
 * the mouse, and with the keyboard alone), the date step's layout on a desktop and a phone, the
 * confirmation e-mail with its .ics (read from the development outbox), two visitors racing for
 * the last place of a start, and the customer moving then cancelling through the manage link.
 * Nothing assumes today's date: each test takes the days and times the calendar offers, going on to
 * the next month when the one shown has no day that fits (fixtures/bookings).
 */

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

let customers = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(customers += 1)}@example.it`;

/** The critical and serious WCAG 2.1 AA violations in the date step's calendar and times. */
async function dateStepViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="month-calendar"]')
    .include('[role="radiogroup"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious').map((violation) => violation.id);
}

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
  const summary = page.getByTestId('appointment-summary');
  await expect(summary.getByText(`, ${time}`)).toBeVisible();
  // A video call, with whom; not the store's address, which would read as a visit.
  await expect(summary).toContainText(T.summary.videoCall);
  await expect(summary).toContainText('Demo · Milano Centro');
  await expect(summary).not.toContainText('Via Dante');
  // At least the minimum notice away: the way into the call says when it opens.
  await expect(page.getByRole('button', { name: T.join.enter })).toBeDisabled();
  await expect(page.getByTestId('join-countdown')).toHaveText(/^Disponibile tra \d+ (giorn|or|minut)/);
  await expect(page.getByRole('link', { name: T.confirmation.googleCalendar })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );

  const mail = await latestMailTo(page, email);
  expect(mail!.subject).toMatch(new RegExp(`^Appuntamento confermato: .+, ${time} · Demo$`));
  // In the visitor's «tu», a video call with its length and zone, no address.
  expect(mail!.text).toMatch(/^Ciao Mario,\n/);
  expect(mail!.text).toMatch(new RegExp(`\nVideochiamata: .+, ${time} · \\d+ minuti \\(fuso orario Europe/Rome\\)\n`));
  expect(mail!.text).not.toContain('Via Dante');
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

test('the date step opens on the first free day: calendar beside the times on a desktop, above them on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${DEMO.url}/prenota`);
  await page.getByRole('button', { name: /Milano Centro/ }).click();
  await page
    .getByRole('button', { name: 'Consulenza prodotto' })
    .or(page.getByRole('radio', { name: 'Consulenza prodotto' }))
    .first()
    .click();
  // Its length (the store's rooms give 20 and 30 minutes; the component tests hold the exact words).
  await expect(page.getByTestId('call-length')).toHaveText(/^Videochiamata (di|da) \d+ minuti/);
  // The first free day is open, its times shown, nothing chosen yet.
  const calendar = monthCalendar(page);
  const open = calendar.getByRole('button', { pressed: true });
  await expect(open).toHaveCount(1);
  const times = page.getByRole('radiogroup', { name: T.slot.timesOf((await open.getAttribute('aria-label'))!) });
  await expect(times.getByRole('radio').first()).toBeVisible();
  await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);

  const boxes = async () => [(await calendar.boundingBox())!, (await times.boundingBox())!] as const;
  let [month, day] = await boxes();
  expect(day.x, 'the times beside the calendar').toBeGreaterThanOrEqual(month.x + month.width);
  expect(day.y).toBeLessThan(month.y + month.height);
  expect(await dateStepViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('date-step-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 320, height: 640 });
  await expect
    .poll(async () => (await times.boundingBox())!.y)
    .toBeGreaterThanOrEqual((await calendar.boundingBox())!.y + (await calendar.boundingBox())!.height);
  [month, day] = await boxes();
  expect(day.x).toBeLessThan(month.x + month.width);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await dateStepViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('date-step-320.png'), fullPage: true });
});

test('a visitor books with the keyboard alone: Tab, the arrow keys, Space and Enter through the three steps', async ({ page }, testInfo) => {
  await page.goto(`${DEMO.url}/prenota`);
  await tabTo(page, page.getByRole('button', { name: /Milano Centro/ }));
  await page.keyboard.press('Enter');
  const topic = page
    .getByRole('button', { name: 'Consulenza prodotto' })
    .or(page.getByRole('radio', { name: 'Consulenza prodotto' }))
    .first();
  await tabTo(page, topic);
  await page.keyboard.press('Enter');

  // 2. The first free day is open and is the calendar's one tab stop; its times are the next one.
  await expect(page.getByRole('heading', { name: /^Passo 2 di 3/ })).toBeFocused();
  const openDay = monthCalendar(page).getByRole('button', { pressed: true });
  await tabTo(page, openDay);
  const times = freeTimes(page);
  await expect(times.first()).toBeVisible();
  expect(await tabTo(page, times.first()), 'the times right after the day').toBe(1);
  // The arrow keys walk the times (round the end), Space chooses the one focused.
  const count = await times.count();
  await page.keyboard.press('ArrowRight');
  const chosen = times.nth(count > 1 ? 1 : 0);
  await expect(chosen).toBeFocused();
  const time = (await chosen.textContent())!;
  await page.keyboard.press('Space');
  await expect(chosen).toBeChecked();
  // A day of many times is still one stop: the next Tab leaves the group.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /^\d\d:\d\d$/ }).and(page.locator(':focus'))).toHaveCount(0);
  await tabTo(page, page.getByRole('button', { name: 'Continua' }));
  await page.keyboard.press('Enter');

  // 3. The personal data, field by field.
  await expect(page.getByRole('heading', { name: /^Passo 3 di 3/ })).toBeFocused();
  const email = uniqueEmail('tastiera');
  await fillDetailsByKeyboard(page, email);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: T.confirmation.title })).toBeFocused();
  await expect(page.getByTestId('appointment-summary').getByText(`, ${time}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('confirmation.png'), fullPage: true });
  expect((await latestMailTo(page, email))!.subject).toContain(time);
});
