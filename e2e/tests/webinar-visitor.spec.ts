import { expect, test, type Browser, type Page } from '@playwright/test';
import { IT_WEBINAR_PAGES as T } from '@incontra/contracts/messages/it-webinar-pages';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { whenSentence, whenText } from '@incontra/contracts/messages/it-when';
import { latestMailTo } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { staffApi, uniqueName } from '../fixtures/backoffice';
import { ok, onOwnStore, type OwnStore } from '../fixtures/backoffice-store';
import { tabTo } from '../fixtures/bookings';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { ACME } from '../fixtures/tenants';

/*
 * A visitor's webinar, in real Chromium against the started system, signed out and at 320 px
 * first (visitors come on phones): the store's upcoming webinars on the welcome page, the
 * webinar's page and its registration form (the messages, with the mouse and with the keyboard),
 * the registrant's page from the e-mail's link, the seat taken by another meanwhile, and the
 * cancellation. Acme's admin publishes the webinar through the staff API in a store of its own,
 * removed afterwards (its webinars with it). Nothing assumes today's date: the webinar starts
 * three days from now, so its join is not open yet.
 */

const DAY = 86_400_000;
let visitors = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(visitors += 1)}@example.it`;

interface Published {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
}

/** A published webinar of the store, three days from now on the hour, with `capacity` seats; the admin presents it. */
async function publishWebinar(staff: Page, store: OwnStore, capacity: number): Promise<Published> {
  const me = await ok(staffApi<{ id: string }>(staff, 'GET', '/api/me'));
  const start = new Date(Date.now() + 3 * DAY);
  start.setUTCMinutes(0, 0, 0);
  const title = uniqueName('Le lenti giuste');
  const created = await ok(
    staffApi<{ id: string; startsAt: string; endsAt: string }>(staff, 'POST', '/api/webinar', {
      storeId: store.storeId,
      title,
      description: '<p>Come scegliere le lenti <strong>giuste</strong> per ogni distanza.</p>',
      startsAt: start.toISOString(),
      durationMinutes: 60,
      capacity,
      presenterIds: [me.id],
    }),
    201,
  );
  await ok(staffApi(staff, 'POST', `/api/webinar/${created.id}`, { status: 'published' }));
  return { id: created.id, title, startsAt: created.startsAt, endsAt: created.endsAt };
}

/** The webinar cancelled, as staff would before deleting its store (a published webinar keeps the store from going). */
async function cancelWebinar(staff: Page, webinarId: string): Promise<void> {
  await ok(staffApi(staff, 'POST', `/api/webinar/${webinarId}`, { status: 'cancelled' }));
}

/** A signed-out visitor's page in a context of its own, at a phone's width, the cookie banner answered. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  return page;
}

const fields = (page: Page) => ({
  firstName: page.getByRole('textbox', { name: T.form.firstName, exact: true }),
  lastName: page.getByRole('textbox', { name: T.form.lastName, exact: true }),
  email: page.getByRole('textbox', { name: T.form.email, exact: true }),
  consent: page.getByRole('checkbox'),
});

async function fillForm(page: Page, email: string): Promise<void> {
  const form = fields(page);
  await form.firstName.fill('Giulia');
  await form.lastName.fill('Bianchi');
  await form.email.fill(email);
  await form.consent.check();
}

test('from the welcome page to the registrant’s page: the list, the form’s messages, the e-mail’s link, the cancellation', async ({ browser }, testInfo) => {
  await onOwnStore(browser, 'Webinar', async (staff, store) => {
    const webinar = await publishWebinar(staff, store, 5);
    const page = await visitorPage(browser);
    try {
      // The welcome page of the store lists it, its time on the company's clock.
      await page.goto(`${ACME.url}/?store=${store.storeId}`);
      const upcoming = page.getByRole('region', { name: T.upcoming.title });
      await expect(upcoming).toBeVisible();
      const item = upcoming.getByRole('listitem').filter({ hasText: webinar.title });
      await expect(item).toContainText(whenText(webinar.startsAt, store.timeZone));
      await expect(item).toContainText(T.seatsLeft(5));
      await auditState(page, 'welcome with webinars', { structure: true });
      await page.setViewportSize({ width: 320, height: 640 });
      await item.getByRole('link', { name: webinar.title }).click();

      // The webinar's page: what, where, when, the seats, the description, the form.
      await expect(page).toHaveURL(`${ACME.url}/webinar/${webinar.id}`);
      await expect(page.getByRole('heading', { level: 1, name: webinar.title })).toBeVisible();
      const facts = page.getByTestId('webinar-facts');
      await expect(facts).toContainText(store.storeName);
      await expect(facts).toContainText(whenSentence({ ...webinar, timeZone: store.timeZone }));
      await expect(page.getByRole('region', { name: T.page.description }).locator('strong')).toHaveText('giuste');
      // Nothing typed: every field says what it needs, in Italian, the first one focused.
      await page.getByRole('button', { name: T.form.submit }).click();
      await expect(page.getByText(IT_WEBINARS.validation.firstName)).toBeVisible();
      await expect(page.getByText(IT_WEBINARS.validation.privacyConsent)).toBeVisible();
      await expect(fields(page).firstName).toBeFocused();
      await expectVisibleFocus(page);
      await auditState(page, 'webinar form with its messages', { structure: true });
      await expectFitsPhoneAndDesktop(page, testInfo, 'webinar-page');
      await page.setViewportSize({ width: 320, height: 640 });

      const email = uniqueEmail('webinar');
      await fillForm(page, email);
      await page.getByRole('button', { name: T.form.submit }).click();

      // The registrant's page, the token in its address.
      await expect(page.getByRole('heading', { level: 1, name: T.registration.title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/webinar/iscrizione/[\\w-]+\\?token=`));
      const registrantUrl = page.url();
      await expect(page.getByTestId('webinar-facts')).toContainText(`Giulia Bianchi · ${email}`);
      await expect(page.getByTestId('webinar-countdown')).toHaveText(/^Inizia tra \d+ giorn/);
      await expect(page.getByRole('button', { name: T.registration.join })).toHaveCount(0);
      await auditState(page, 'webinar registrant page', { structure: true });
      await expectFitsPhoneAndDesktop(page, testInfo, 'webinar-registration');

      // The confirmation e-mail links the same page, with its .ics.
      const mail = await latestMailTo(page, email);
      expect(mail!.subject).toBe(IT_WEBINARS.mail.confirmationSubject(webinar.title));
      const link = mail!.text.match(/http:\/\/\S+\/webinar\/iscrizione\/[\w-]+\?token=\S+/);
      expect(link).not.toBeNull();
      expect(new URL(link![0]).pathname + new URL(link![0]).search).toBe(new URL(registrantUrl).pathname + new URL(registrantUrl).search);
      expect(mail!.attachments[0]?.content).toContain('BEGIN:VCALENDAR');

      // The same address again: said under the e-mail.
      await page.goto(`${ACME.url}/webinar/${webinar.id}`);
      await fillForm(page, email);
      await page.getByRole('button', { name: T.form.submit }).click();
      await expect(page.getByText(IT_WEBINARS.rules.alreadyRegistered)).toBeVisible();
      await expect(fields(page).email).toBeFocused();

      // Cancelling asks first, «No, mantienila» focused; then the page and an e-mail say so.
      await page.goto(registrantUrl);
      await page.getByRole('button', { name: T.registration.cancel }).click();
      const dialog = page.getByRole('dialog', { name: T.registration.cancelDialogTitle });
      await expect(dialog.getByRole('button', { name: T.registration.cancelKeep })).toBeFocused();
      await auditState(page, 'webinar cancel dialog');
      await dialog.getByRole('button', { name: T.registration.cancelConfirm }).click();
      await expect(page.getByTestId('registration-outcome')).toHaveText(T.registration.cancelled);
      await expect(page.getByTestId('webinar-facts').getByText(T.registration.statuses.cancelled, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: T.registration.cancel })).toHaveCount(0);
      await expect.poll(async () => (await latestMailTo(page, email))?.subject ?? '').toBe(IT_WEBINARS.mail.registrationCancelledSubject(webinar.title));
    } finally {
      await page.context().close();
      await cancelWebinar(staff, webinar.id);
    }
  });
});

test('the last seat taken meanwhile: said above the form; a page read afterwards offers no form', async ({ browser }) => {
  await onOwnStore(browser, 'Webinar pieno', async (staff, store) => {
    const webinar = await publishWebinar(staff, store, 1);
    const [late, early] = await Promise.all([visitorPage(browser), visitorPage(browser)]);
    try {
      // The late visitor opens the page while the seat is free, and types by keyboard alone.
      await late.goto(`${ACME.url}/webinar/${webinar.id}`);
      await tabTo(late, fields(late).firstName);
      await late.keyboard.type('Luca');
      await late.keyboard.press('Tab');
      await late.keyboard.type('Verdi');
      await late.keyboard.press('Tab');
      await late.keyboard.type(uniqueEmail('tardi'));
      await late.keyboard.press('Tab');
      await expect(fields(late).consent).toBeFocused();
      await late.keyboard.press('Space');
      await expect(fields(late).consent).toBeChecked();

      // Another takes the only seat first.
      await early.goto(`${ACME.url}/webinar/${webinar.id}`);
      await fillForm(early, uniqueEmail('presto'));
      await early.getByRole('button', { name: T.form.submit }).click();
      await expect(early.getByRole('heading', { level: 1, name: T.registration.title })).toBeVisible();

      await tabTo(late, late.getByRole('button', { name: T.form.submit }));
      await late.keyboard.press('Enter');
      const refused = late.getByTestId('webinar-registration-refused');
      await expect(refused).toHaveText(IT_WEBINARS.rules.full);
      await expect(refused).toBeFocused();
      await expect(fields(late).firstName).toHaveValue('Luca');

      await late.reload();
      await expect(late.getByTestId('webinar-closed')).toHaveText(T.page.closed.full);
      await expect(late.getByTestId('webinar-facts')).toContainText(T.soldOut);
      await expect(late.getByRole('button', { name: T.form.submit })).toHaveCount(0);
    } finally {
      await Promise.all([late.context().close(), early.context().close()]);
      await cancelWebinar(staff, webinar.id);
    }
  });
});
