import { expect, test, type Page } from '@playwright/test';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { signIn } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { tabTo } from '../fixtures/bookings';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { changeAnswers } from '../fixtures/intercept';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { DEMO } from '../fixtures/tenants';

/*
 * The billing-only lockout's screens in real Chromium. The shared demo data cannot be moved past
 * Demo's trial (the product runs on the real clock, and the other suites need Demo open), and the
 * API's side is the API suite's (api/test/billing-lockout.test.ts: the 403s, the clock, the
 * cache). Here the browser's own reads say the subscription ended: the company's read answers
 * `serviceSuspended: true` and the admin's subscription `billingOnly: true`, as the API does then.
 * The visitor site shows the polite notice instead of the live and booking actions (at 320 px
 * first: visitors come on phones); the back office offers an admin only the subscription, and
 * the notice's «Vai all'abbonamento» is reached and followed by keyboard; an operator is told an
 * admin must renew. Axe: no critical or serious violation at 360 and 1280 px.
 */

const T = IT_LOCKOUT.backoffice;

/** The company's read and the subscription's, as they answer once the subscription has ended. */
async function suspendInThisBrowser(page: Page): Promise<void> {
  await changeAnswers(page, '**/api/company/*', (company) => ({ ...company, serviceSuspended: true }));
  await changeAnswers(page, '**/api/subscription', (subscription) => ({ ...subscription, billingOnly: true }));
}

const visitorNotice = IT_LOCKOUT.visitor.text(DEMO.name);

test('the visitor site shows the polite notice instead of the live and booking actions', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await acceptCookiesUpFront(page);
  await suspendInThisBrowser(page);
  await page.goto(DEMO.url);
  await expect(page.getByText(visitorNotice)).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${IT.visitor.join}`) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(`^${IT.visitor.book}`) })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await auditState(page, 'lockout-welcome');
  await expectFitsPhoneAndDesktop(page, testInfo, 'lockout-welcome');

  for (const [path, heading] of [
    ['/partecipa', IT.visitor.liveTitle],
    ['/prenota', IT.visitor.bookingTitle],
  ] as const) {
    await page.goto(`${DEMO.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(visitorNotice)).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: IT.visitor.back }));
    await expectVisibleFocus(page);
  }
  await auditState(page, 'lockout-booking');
});

test('an admin is offered only the subscription, and reaches it from the notice by keyboard', async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await suspendInThisBrowser(page);
  await signIn(page, DEMO.url, DEMO.admin);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: T.adminTitle })).toBeVisible();
  await expect(main.getByText(T.adminText)).toBeVisible();
  const nav = page.getByRole('navigation', { name: IT_BACKOFFICE.navLabel });
  await expect(nav.getByRole('link')).toHaveText([IT_BACKOFFICE.nav.billing]);
  await auditState(page, 'lockout-admin');
  await expectFitsPhoneAndDesktop(page, testInfo, 'lockout-admin');

  await page.goto(`${DEMO.url}/admin/utenti`);
  await expect(main.getByRole('heading', { level: 1, name: T.adminTitle })).toBeVisible();
  const toBilling = main.getByRole('link', { name: T.toBilling });
  await tabTo(page, toBilling);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${DEMO.url}/admin/abbonamento`);
  await expect(page.getByText(T.adminText)).toHaveCount(0);
});

test('an operator is told that an admin must renew', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await suspendInThisBrowser(page);
  await signIn(page, DEMO.url, DEMO.operator);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: T.operatorTitle })).toBeVisible();
  await expect(main.getByText(T.operatorText)).toBeVisible();
  await expect(main.getByRole('link', { name: T.toBilling })).toHaveCount(0);
  await auditState(page, 'lockout-operator');
});
