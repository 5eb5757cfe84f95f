import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ManagedTopic } from '@incontra/contracts/api/store-management';
import { TEST_CARDS } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_CUSTOMER_PAYMENTS } from '@incontra/contracts/messages/it-customer-payments';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { IT_TOPIC_PRICE } from '@incontra/contracts/messages/it-topic-price';
import { formatEuro } from '@incontra/contracts/money';
import { ROUTES } from '@incontra/contracts/routes';
import { signIn } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { expectToast, rowWith, staffApi, uniqueName } from '../fixtures/backoffice';
import { freeDays, freeTimes, monthCalendar } from '../fixtures/bookings';
import { closedAfterEachTest } from '../fixtures/contexts';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { storeAt, visitorContext, type StoreRef } from '../fixtures/lobby';
import { expectFitsPhoneAndDesktop } from '../fixtures/screen-checks';
import { DEMO } from '../fixtures/tenants';

/*
 * A paid appointment in the built-in test mode, in real Chromium: Demo's admin puts a price on a
 * topic of the run's own at Milano Centro in the back office's topic form; a visitor books it
 * through the three steps, meets the payment step (the place held, the time left, the test-mode
 * notice), pays with 4242 and reads the usual confirmation; the staff's agenda shows the
 * appointment paid. A declined card (4000 0000 0000 0002) is told in Italian and books nothing. Axe 0 critical/serious at 360 and 1280 px on the new states, no
 * sideways scrolling at 320 px.
 *
 * Shared state: the topic is this run's own (a unique name) and is deleted at the end; its two
 * appointments (one paid, one held until its 15 minutes are over) take the last free day the
 * calendar shows, away from the first free times the other booking suites take.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const P = IT_PAID_BOOKING.page;
const B = IT_BOOKING_PAGES;
const PRICE = 4500;
const AMOUNT = formatEuro(PRICE);
const keep = closedAfterEachTest();

let staff: Page;
let store: StoreRef;
let topic: ManagedTopic;
let customers = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(customers += 1)}@example.it`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  staff = await context.newPage();
  await acceptCookiesUpFront(staff);
  await signIn(staff, DEMO.url, DEMO.admin);
  store = await storeAt(staff, DEMO.url, 0);
  // The topic itself is set up through the API: its price is what the first test sets, in the form.
  const created = await staffApi<ManagedTopic>(staff, 'POST', `/api/store/${store.id}/topics`, { name: uniqueName('Visita sartoriale') });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  topic = created.body;
});

test.afterAll(async () => {
  if (topic) await staffApi(staff, 'DELETE', `/api/topic/${topic.id}`);
  await staff?.context().close();
});

const stepHeading = (page: Page) => page.getByTestId('booking-step-heading');

/**
 * From the booking page to the details sent: the store, the priced topic (its price shown), the
 * last free day of the month shown and its first time, the personal data. Answers the
 * reservation the API created (held while it waits for the payment).
 */
async function bookPricedTopic(page: Page, email: string): Promise<{ id: string; startsAt: string }> {
  await page.goto(`${DEMO.url}/prenota`);
  await page.getByRole('button', { name: new RegExp(store.name) }).click();
  const choice = page.getByRole('button', { name: new RegExp(`^${topic.name}`) });
  await expect(choice).toContainText(P.price(AMOUNT));
  await choice.click();
  await expect(page.getByRole('heading', { name: /^Passo 2 di 3/ })).toBeFocused();
  await expect(freeDays(monthCalendar(page)).first()).toBeVisible();
  await freeDays(monthCalendar(page)).last().click();
  await freeTimes(page).first().click();
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByRole('heading', { name: /^Passo 3 di 3/ })).toBeFocused();
  await page.getByRole('textbox', { name: B.details.firstName, exact: true }).fill('Giulia');
  await page.getByRole('textbox', { name: B.details.lastName, exact: true }).fill('Bianchi');
  await page.getByRole('textbox', { name: B.details.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: B.details.phone, exact: true }).fill('333 987 6543');
  await page.getByRole('checkbox').check();
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reservations');
  await page.getByRole('button', { name: B.details.submit }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { reservation: { id: string; startsAt: string; status: string } };
  expect(body.reservation.status).toBe('held');
  return body.reservation;
}

/** The payment step: its heading has the focus, the amount, the time left and the test-mode notice. */
async function expectPaymentStep(page: Page): Promise<Locator> {
  await expect(stepHeading(page)).toHaveText(P.stepTitle);
  await expect(stepHeading(page)).toBeFocused();
  const step = page.getByTestId('payment-step');
  await expect(step.getByText(P.lead(AMOUNT))).toBeVisible();
  await expect(step.getByRole('timer')).toContainText(/\d/);
  await expect(step.getByRole('note').filter({ hasText: IT_BILLING.testMode.notice })).toBeVisible();
  return step;
}

async function payWith(step: Locator, number: string): Promise<void> {
  const card = IT_BILLING_PAGES.card;
  await step.getByLabel(card.number).fill(number);
  await step.getByLabel(card.expiry).fill('12/34');
  await step.getByLabel(card.cvc).fill('123');
  await step.getByRole('button', { name: P.pay(AMOUNT) }).click();
}

test('an admin puts a price on the topic in the topics form', async () => {
  await staff.goto(`${DEMO.url}${ROUTES.topics}`);
  await expect(staff.getByRole('heading', { level: 1, name: IT_MANAGEMENT.nav.topics })).toBeVisible();
  await staff.getByRole('combobox', { name: IT_STORES.topics.store }).selectOption({ label: store.name });
  const table = staff.getByRole('table', { name: IT_STORES.topics.caption(store.name) });
  await expect(rowWith(table, topic.name)).toContainText(IT_TOPIC_PRICE.free);
  await rowWith(table, topic.name)
    .getByRole('button', { name: IT_STORES.topics.editLabel(topic.name) })
    .click();
  const dialog = staff.getByRole('dialog', { name: IT_STORES.topics.editTitle(topic.name) });
  const price = dialog.getByRole('textbox', { name: IT_TOPIC_PRICE.label });
  await expect(price).toHaveValue('');
  await price.fill('45,00');
  await auditState(staff, 'paid booking: topic price field');
  await dialog.getByRole('button', { name: IT_MANAGEMENT.form.save }).click();
  await expectToast(staff, IT_STORES.topics.saved);
  await expect(rowWith(table, topic.name)).toContainText(AMOUNT);
  const saved = await staffApi<ManagedTopic[]>(staff, 'GET', `/api/store/${store.id}/topics`);
  expect(saved.body.find((candidate) => candidate.id === topic.id)?.price).toBe(PRICE);
});

test('a visitor books the priced topic, pays with 4242 and reads the confirmation; the agenda shows it paid', async ({ browser }, testInfo) => {
  const visitor = await visitorContext(browser);
  keep(visitor.context);
  const page = visitor.page;
  const email = uniqueEmail('pagato');
  const reservation = await bookPricedTopic(page, email);

  const step = await expectPaymentStep(page);
  await auditState(page, 'paid booking: payment step');
  await expectFitsPhoneAndDesktop(page, testInfo, 'paid-booking-payment');

  await payWith(step, TEST_CARDS.succeeds);
  await expect(stepHeading(page)).toHaveText(B.confirmation.title);
  await expect(page.getByText(B.confirmation.lead(email))).toBeVisible();
  await expect(page.getByTestId('payment-step')).toHaveCount(0);
  await auditState(page, 'paid booking: confirmation');
  await expectFitsPhoneAndDesktop(page, testInfo, 'paid-booking-confirmation');

  // The staff's agenda on that day, at the store: the appointment, paid, with its amount.
  const { timeZone } = (await staffApi<{ timeZone: string }>(staff, 'GET', '/api/config/company')).body;
  const day = new Date(reservation.startsAt).toLocaleDateString('sv-SE', { timeZone });
  await staff.goto(`${DEMO.url}/admin/agenda?punto-vendita=${store.id}&giorno=${day}`);
  const item = staff.locator(`[data-testid="agenda-item"][data-reservation-id="${reservation.id}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId('payment-badge')).toHaveText(`${IT_PAID_BOOKING.paymentStatuses.paid} · ${AMOUNT}`);
  await item.click();
  const detail = staff.getByTestId('reservation-detail');
  await expect(detail.getByTestId('payment-badge')).toHaveText(`${IT_PAID_BOOKING.paymentStatuses.paid} · ${AMOUNT}`);
  await auditState(staff, 'paid booking: agenda details');
});

test('a declined card is told in Italian and the appointment stays unpaid', async ({ browser }) => {
  const visitor = await visitorContext(browser);
  keep(visitor.context);
  const page = visitor.page;
  const reservation = await bookPricedTopic(page, uniqueEmail('rifiutato'));
  const step = await expectPaymentStep(page);

  await payWith(step, TEST_CARDS.declined);
  await expect(step.getByText(IT_CUSTOMER_PAYMENTS.cardDeclined)).toBeVisible();
  // Still the payment step: nothing was booked, the card can be typed again.
  await expect(stepHeading(page)).toHaveText(P.stepTitle);
  await expect(step.getByRole('button', { name: P.pay(AMOUNT) })).toBeEnabled();
  await auditState(page, 'paid booking: card declined');

  const { timeZone } = (await staffApi<{ timeZone: string }>(staff, 'GET', '/api/config/company')).body;
  const day = new Date(reservation.startsAt).toLocaleDateString('sv-SE', { timeZone });
  await staff.goto(`${DEMO.url}/admin/agenda?punto-vendita=${store.id}&giorno=${day}`);
  const item = staff.locator(`[data-testid="agenda-item"][data-reservation-id="${reservation.id}"]`);
  await expect(item.getByTestId('payment-badge')).toHaveText(`${IT_PAID_BOOKING.paymentStatuses.pending} · ${AMOUNT}`);
});
