import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PosCreateForm, PosPayment } from '@incontra/contracts/api/pos';
import { TEST_CARDS } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { formatEuro } from '@incontra/contracts/money';
import { signIn } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { expectToast, rowWith, staffApi, uniqueName } from '../fixtures/backoffice';
import { tabTo } from '../fixtures/bookings';
import { closedAfterEachTest } from '../fixtures/contexts';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { DEMO } from '../fixtures/tenants';

/*
 * The point of sale in the built-in test mode, in real Chromium: Demo's admin asks a customer for
 * 25,00 € at /admin/pagamenti (by keyboard), copies the link; the customer, in a browser of their
 * own, opens it and pays with 4242; the staff member's open request and list turn to «Pagato»
 * without a reload (the staff lobby socket's `pos` message). An unpaid request is cancelled after
 * its confirmation. The authentication card (4000 0025 0000 3155) goes through the test mode's
 * confirmation page, and the request is paid once the customer approves there. Axe 0
 * critical/serious at 360 and 1280 px on each state, no sideways scrolling at 320 px.
 *
 * Shared state: each run adds its own requests to Demo (a unique description each), two paid and
 * one cancelled; requests cannot be deleted, and no other suite reads them.
 */

// Several axe audits at two widths and two browsers per test: the first took up to a minute on the shared 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const T = IT_POS_PAGES;
const POS = `${DEMO.url}/admin/pagamenti`;
const AMOUNT = formatEuro(2500);
const keep = closedAfterEachTest();

const requestsTable = (page: Page) => page.getByRole('table', { name: T.list.caption });
const statusOf = (dialog: Locator) => dialog.getByRole('status', { name: T.result.status });

async function openPos(page: Page): Promise<void> {
  await acceptCookiesUpFront(page);
  await signIn(page, DEMO.url, DEMO.admin);
  await page.goto(POS);
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(requestsTable(page).or(page.getByText(T.list.empty))).toBeVisible();
}

test('staff ask 25,00 €, the customer pays it with 4242 from the copied link, and staff see «Pagato» without reloading', async ({ browser }, testInfo) => {
  const staffContext = await browser.newContext();
  keep(staffContext);
  await staffContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DEMO.url });
  const staff = await staffContext.newPage();
  await openPos(staff);
  await expect(staff.getByRole('note').filter({ hasText: IT_BILLING.testMode.notice })).toBeVisible();
  await expect(staff.getByRole('navigation').getByRole('link', { name: T.nav, exact: true })).toHaveAttribute('aria-current', 'page');
  await auditState(staff, 'point of sale');
  await expectFitsPhoneAndDesktop(staff, testInfo, 'pos-page');

  // The request, by keyboard.
  await tabTo(staff, staff.getByRole('button', { name: T.create.open }));
  await expectVisibleFocus(staff);
  await staff.keyboard.press('Enter');
  const form = staff.getByRole('dialog', { name: T.create.title });
  await expect(form).toBeVisible();
  await form.getByLabel(T.create.store).selectOption({ index: 1 });
  const description = uniqueName('Piega');
  await tabTo(staff, form.getByLabel(T.create.amount));
  await staff.keyboard.type('25,00');
  await staff.keyboard.press('Tab');
  await staff.keyboard.type(description);
  // A mobile number: the link also goes by SMS, and the request made says so.
  await form.getByLabel(T.create.phone).fill('333 123 4567');
  await auditState(staff, 'point of sale, new request');
  await tabTo(staff, form.getByRole('button', { name: T.create.submit }));
  await staff.keyboard.press('Enter');

  const request = staff.getByRole('dialog', { name: T.result.title });
  await expect(statusOf(request)).toContainText(T.statuses.requested);
  await expect(request.getByRole('img', { name: T.result.qrAlt(AMOUNT) })).toBeVisible();
  await expect(request.getByText(T.result.smsQueued)).toBeVisible();
  const link = await request.getByLabel(T.result.link).inputValue();
  expect(link).toMatch(new RegExp(`^${DEMO.url}/pagamento/[\\w-]+$`));
  // The form's button is gone: the focus is on the next thing to do.
  await expect(request.getByRole('button', { name: T.result.copy })).toBeFocused();
  await staff.keyboard.press('Enter');
  await expect(request.getByText(T.result.copied)).toBeVisible();
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await auditState(staff, 'point of sale, request made');
  await expectFitsPhoneAndDesktop(staff, testInfo, 'pos-request');

  // The customer, in a browser of their own, from the copied link.
  const customerContext = await browser.newContext();
  keep(customerContext);
  const customer = await customerContext.newPage();
  await acceptCookiesUpFront(customer);
  await customer.setViewportSize({ width: 360, height: 740 });
  await customer.goto(link);
  const card = IT_BILLING_PAGES.card;
  await customer.getByLabel(card.number).fill(TEST_CARDS.succeeds);
  await customer.getByLabel(card.expiry).fill('12/34');
  await customer.getByLabel(card.cvc).fill('123');
  await customer.getByRole('button', { name: IT_PAYMENT_PAGES.page.pay(AMOUNT) }).click();
  await expect(customer.getByRole('heading', { name: IT_PAYMENT_PAGES.page.paid })).toBeVisible();

  // Staff: no reload, the open request and the list follow.
  await expect(statusOf(request)).toContainText(T.statuses.paid);
  await expect(request.getByText(T.result.card('4242'))).toBeVisible();
  await auditState(staff, 'point of sale, request paid');
  await staff.keyboard.press('Escape');
  await expect(request).toBeHidden();
  await expect(rowWith(requestsTable(staff), description)).toContainText(T.statuses.paid);
  await expect(staff.getByRole('table', { name: T.totals.caption })).toBeVisible();
  await expectFitsPhoneAndDesktop(staff, testInfo, 'pos-paid');
});

test('an unpaid request is cancelled only after its confirmation', async ({ page }, testInfo) => {
  await openPos(page);
  const form = await staffApi<PosCreateForm>(page, 'GET', '/api/pos/create');
  expect(form.status).toBe(200);
  const description = uniqueName('Da annullare');
  const created = await staffApi<PosPayment>(page, 'POST', '/api/pos/create-payment', { storeId: form.body.stores[0]!.id, amount: 1250, description });
  expect(created.status).toBe(200);
  await page.reload();
  const row = rowWith(requestsTable(page), description);
  await expect(row).toContainText(T.statuses.requested);

  await tabTo(page, row.getByRole('button', { name: T.actions.cancelOf(description) }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: T.cancel.title });
  await expect(dialog).toContainText(T.cancel.text(formatEuro(1250), description));
  // The way out has the focus: an Enter out of habit cancels nothing.
  await expect(dialog.getByRole('button', { name: T.cancel.keep })).toBeFocused();
  await auditState(page, 'point of sale, cancel question');
  await dialog.getByRole('button', { name: T.cancel.confirm }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, T.cancel.done);
  await expect(row).toContainText(T.statuses.cancelled);
  await expect(row.getByRole('button', { name: T.actions.cancelOf(description) })).toHaveCount(0);
  await expectFitsPhoneAndDesktop(page, testInfo, 'pos-cancelled');
});

test('the authentication card goes through its confirmation page, then the request is paid', async ({ browser, page }, testInfo) => {
  await openPos(page);
  const form = await staffApi<PosCreateForm>(page, 'GET', '/api/pos/create');
  const description = uniqueName('Da autorizzare');
  const created = await staffApi<PosPayment>(page, 'POST', '/api/pos/create-payment', { storeId: form.body.stores[0]!.id, amount: 1800, description });
  expect(created.status).toBe(200);
  const amount = formatEuro(1800);

  const customerContext = await browser.newContext();
  keep(customerContext);
  const customer = await customerContext.newPage();
  await acceptCookiesUpFront(customer);
  await customer.goto(created.body.link);
  const card = IT_BILLING_PAGES.card;
  await customer.getByLabel(card.number).fill(TEST_CARDS.authentication);
  await customer.getByLabel(card.expiry).fill('12/34');
  await customer.getByLabel(card.cvc).fill('123');
  await customer.getByRole('button', { name: IT_PAYMENT_PAGES.page.pay(amount) }).click();

  // The bank's question, as the test mode stands in for it.
  await expect(customer).toHaveURL(new RegExp(`^${DEMO.url}/pagamento/autenticazione/[\\w-]+$`));
  await expect(customer.getByRole('heading', { level: 1, name: IT_PAYMENT_PAGES.authentication.title })).toBeVisible();
  await expect(customer.getByRole('note')).toHaveText(IT_BILLING.testMode.notice);
  await expect(customer.getByText(IT_BILLING_PAGES.authentication.card('3155'))).toBeVisible();
  await expect(customer.getByText(IT_BILLING_PAGES.authentication.amount(amount))).toBeVisible();
  // Nothing paid until the cardholder answers.
  expect((await staffApi<PosPayment>(page, 'GET', `/api/pos/payment/${created.body.id}`)).body.status).toBe('requested');
  await auditState(customer, 'point of sale, authentication page');
  await expectFitsPhoneAndDesktop(customer, testInfo, 'pos-authentication');

  await tabTo(customer, customer.getByRole('button', { name: IT_BILLING_PAGES.authentication.approve }));
  await expectVisibleFocus(customer);
  await customer.keyboard.press('Enter');
  await expect(customer).toHaveURL(created.body.link);
  await expect(customer.getByRole('heading', { name: IT_PAYMENT_PAGES.page.paid })).toBeVisible();
  await expect.poll(async () => (await staffApi<PosPayment>(page, 'GET', `/api/pos/payment/${created.body.id}`)).body.status).toBe('paid');
  await expect(rowWith(requestsTable(page), description)).toContainText(T.statuses.paid);
});
