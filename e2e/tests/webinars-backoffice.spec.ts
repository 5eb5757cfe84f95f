import { expect, test, type Page } from '@playwright/test';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { auditState } from '../fixtures/axe';
import { expectToast, staffApi, uniqueName } from '../fixtures/backoffice';
import { clickCalendarDay, italianDay, ok, onOwnStore, todayIn } from '../fixtures/backoffice-store';
import { tabTo } from '../fixtures/bookings';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { expectTablesFitEveryWidth } from '../fixtures/table-widths';
import { ACME } from '../fixtures/tenants';

/*
 * «Webinar» in the back office, in real Chromium inside the shell, on a store of Acme's own
 * (deleted afterwards: its webinars go with it). Acme's admin creates a webinar a week ahead by
 * keyboard (the calendar's day clicked, as the agenda's suite does), publishes it, sees a visitor's
 * registration in its table, and cancels it after the question that says the registrant will be
 * e-mailed; each write's toast. Axe 0 critical/serious at 360 and 1280 px on the editor, the
 * webinar's page and the question; no sideways scrolling at 320 px; the tables from 320 to 1280 px.
 */

const FORM = IT_WEBINAR_BACKOFFICE.form;
const A = IT_WEBINAR_BACKOFFICE.actions;
const R = IT_WEBINAR_BACKOFFICE.registrations;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const statusSection = (page: Page) => page.getByRole('region', { name: IT_WEBINAR_BACKOFFICE.detail.statusTitle });

/** Reaches `name`'s button by Tab, checks its focus ring, and presses Enter. */
async function pressByKeyboard(page: Page, name: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
}

test('an admin creates a webinar by keyboard, publishes it, reads its registrations and cancels it after the question', async ({ browser }, testInfo) => {
  // Four axe audits, the fit checks and two tables at 25 widths: well over the default 30 s under load.
  test.setTimeout(180_000);
  await onOwnStore(browser, 'Webinar', async (page, store) => {
    const title = uniqueName('Novità di primavera');
    const day = addDays(todayIn(store.timeZone), 7);

    await test.step('the list, and «Nuovo webinar» by keyboard', async () => {
      await page.goto(`${ACME.url}/admin/webinar`);
      await expect(page.getByRole('heading', { level: 1, name: IT_WEBINAR_BACKOFFICE.nav })).toBeVisible();
      await tabTo(page, page.getByRole('link', { name: IT_WEBINAR_BACKOFFICE.list.create }));
      await expectVisibleFocus(page);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: FORM.createTitle })).toBeVisible();
    });

    const form = page.getByRole('form', { name: FORM.createTitle });
    await test.step('the editor, filled by keyboard', async () => {
      await auditState(page, 'webinar-new');
      await expectFitsPhoneAndDesktop(page, testInfo, 'webinar-new');
      await tabTo(page, form.getByRole('textbox', { name: new RegExp(`^${FORM.title}`) }));
      await page.keyboard.type(title);
      // A native select: the option is the browser's to pick (Acme has several stores).
      await form.getByRole('combobox', { name: new RegExp(`^${FORM.store}`) }).selectOption({ label: store.storeName });
      const date = form.getByRole('button', { name: new RegExp(`^${FORM.date}`) });
      await tabTo(page, date);
      await page.keyboard.press('Enter');
      await clickCalendarDay(page.locator('.mantine-Popover-dropdown'), italianDay(day));
      await expect(date).toHaveText(new RegExp(italianDay(day)));
      const time = form.getByRole('textbox', { name: new RegExp(`^${FORM.time}`) });
      await tabTo(page, time);
      await page.keyboard.type('1830');
      await page.keyboard.press('Tab');
      await expect(time).toHaveValue('18:30');
      await tabTo(page, form.getByRole('textbox', { name: new RegExp(`^${FORM.capacity}`) }));
      // The built-in video seats ten (WEBINAR_ENGINE_CAPACITY.local).
      await page.keyboard.type('10');
      await pressByKeyboard(page, FORM.create);
      await expectToast(page, FORM.created);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });

    const webinarId = new URL(page.url()).pathname.split('/').at(-1)!;
    await test.step('published by keyboard', async () => {
      await expect(statusSection(page)).toContainText(IT_WEBINARS.status.draft);
      await auditState(page, 'webinar-draft');
      await pressByKeyboard(page, A.publish);
      await expectToast(page, A.published);
      await expect(statusSection(page)).toContainText(IT_WEBINARS.status.published);
      await expect(statusSection(page).getByRole('textbox', { name: IT_WEBINAR_BACKOFFICE.publicLink.label })).toHaveValue(`${ACME.url}/webinar/${webinarId}`);
    });

    await test.step('a visitor’s registration in the table', async () => {
      await ok(
        staffApi(page, 'POST', `/api/webinar/${webinarId}/reservation`, {
          firstName: 'Teresa',
          lastName: 'Marchi',
          email: `${uniqueName('teresa').replace(/\W+/g, '.')}@example.it`,
          privacyConsent: true,
        }),
        201,
      );
      await page.reload();
      const table = page.getByRole('table', { name: R.caption(title) });
      await expect(table.getByRole('row').filter({ hasText: 'Teresa Marchi' })).toContainText(R.statuses.registered);
      await expect(page.getByRole('button', { name: R.exportCsv })).toBeEnabled();
      await expectTablesFitEveryWidth(page, { name: 'webinar', dateColumns: ['registeredAt', 'status'] });
      await expectFitsPhoneAndDesktop(page, testInfo, 'webinar-published');
    });

    await test.step('cancelled after the question, which says the registrant will be e-mailed', async () => {
      await pressByKeyboard(page, A.cancel);
      const question = page.getByRole('dialog', { name: A.confirmCancelTitle });
      await expect(question).toContainText(A.confirmCancelText(title, 1));
      await expect(question.getByRole('button', { name: A.keep })).toBeFocused();
      await auditState(page, 'webinar-cancel-question');
      await page.keyboard.press('Tab');
      await expect(question.getByRole('button', { name: A.cancel })).toBeFocused();
      await page.keyboard.press('Enter');
      await expectToast(page, A.cancelled);
      await expect(question).toBeHidden();
      await expect(statusSection(page)).toContainText(IT_WEBINARS.status.cancelled);
      await expect(page.getByText(IT_WEBINARS.rules.notEditable)).toBeVisible();
    });

    await test.step('the list shows it cancelled, from 320 to 1280 px', async () => {
      await page.goto(`${ACME.url}/admin/webinar`);
      await page.getByRole('combobox', { name: IT_WEBINAR_BACKOFFICE.list.store }).selectOption({ label: store.storeName });
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(IT_WEBINARS.status.cancelled);
      await auditState(page, 'webinars-list');
      await expectTablesFitEveryWidth(page, { name: 'webinars', dateColumns: ['when', 'status', 'seats'] });
    });
  });
});
