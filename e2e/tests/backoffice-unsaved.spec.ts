import { expect, test, type Browser, type Page } from '@playwright/test';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { signIn } from '../fixtures/auth';
import { staffApi } from '../fixtures/backoffice';
import { expectNoSeriousViolations } from '../fixtures/backoffice-axe';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { DEMO } from '../fixtures/tenants';

/*
 * A text of «Azienda» with changes not saved, in real Chromium inside the shell (single-spa and
 * the back office's router both listen to the browser's history): the browser's back and forward
 * buttons and «Esci» ask first, with the same dialog as a link. «Resta qui» keeps the page, its
 * address, the history and the text typed (and, for «Esci», the session); «Esci senza salvare»
 * goes. Once as Chromium is (the Navigation API holds the move before it is made), once without
 * the Navigation API, as in browsers that lack it (the move is made and undone before the routers
 * see it). Demo's privacy text is typed into and never saved.
 */

const TEXT = IT_COMPANY.unsaved;
const TYPED = 'Testo scritto e non salvato.';
const AZIENDA = `${DEMO.url}/admin/azienda`;

const question = (page: Page) => page.getByRole('dialog', { name: TEXT.title });
const editor = (page: Page) => page.getByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
const signOut = (page: Page) => page.getByRole('banner').getByRole('button', { name: IT_BACKOFFICE.logout });

/** The browser's own back or forward button (page.goBack would wait for a move that is held). */
async function historyButton(page: Page, step: -1 | 1): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
    await cdp.send('Page.navigateToHistoryEntry', { entryId: entries[currentIndex + step]!.id });
  } finally {
    await cdp.detach();
  }
}

async function signedIn(browser: Browser, options: { withoutNavigationApi: boolean }) {
  const context = await browser.newContext();
  if (options.withoutNavigationApi) await context.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined, configurable: true }));
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  await signIn(page, DEMO.url, DEMO.admin);
  return { context, page };
}

/** «Azienda» opened from the dashboard by its link (one entry of the app's history after it), Privacy typed into. */
async function typeIntoPrivacy(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: IT_BACKOFFICE.navLabel }).getByRole('link', { name: IT_MANAGEMENT.nav.company }).click();
  await expect(page).toHaveURL(AZIENDA);
  await page.getByRole('tab', { name: IT_COMPANY.tabs.privacy }).click();
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(` ${TYPED}`);
  await expect(editor(page)).toContainText(TYPED);
}

/** The question, with the page and its address unchanged behind it. */
async function asked(page: Page): Promise<void> {
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText(TEXT.text);
  await expect(page).toHaveURL(AZIENDA);
  await expect(editor(page)).toContainText(TYPED);
}

/** «Resta qui», which has the focus, by keyboard: the dialog closes, the page and the text stay. */
async function stayByKeyboard(page: Page): Promise<void> {
  await expect(question(page).getByRole('button', { name: TEXT.stay })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(AZIENDA);
  await expect(page.getByRole('tab', { name: IT_COMPANY.tabs.privacy })).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page)).toContainText(TYPED);
}

for (const withoutNavigationApi of [false, true]) {
  const how = withoutNavigationApi ? 'without the Navigation API' : 'in Chromium as it is';
  test(`unsaved text, ${how}: back, forward and «Esci» ask first; staying keeps text, address, history and session`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, { withoutNavigationApi });
    try {
      await typeIntoPrivacy(page);

      // Back: asked, at the page's own address.
      await historyButton(page, -1);
      await asked(page);
      if (!withoutNavigationApi) {
        await expectNoSeriousViolations(page, 'the unsaved-changes question after back, 1280 px');
        await page.setViewportSize({ width: 320, height: 640 });
        await expect(question(page).getByRole('button', { name: TEXT.leave })).toBeInViewport();
        expect(await question(page).evaluate((element) => element.scrollWidth <= window.innerWidth)).toBe(true);
        await expectNoSeriousViolations(page, 'the unsaved-changes question after back, 320 px');
        await page.screenshot({ path: test.info().outputPath('unsaved-back-320.png') });
        await page.setViewportSize({ width: 1280, height: 720 });
      }
      await stayByKeyboard(page);

      // «Esci»: asked; staying keeps the session.
      await signOut(page).click();
      await asked(page);
      await stayByKeyboard(page);
      await expect(signOut(page)).toBeVisible();
      expect((await staffApi(page, 'GET', '/api/me')).status).toBe(200);

      // Back again, and leave: the dashboard, the entry before (the history was kept as it was).
      await historyButton(page, -1);
      await asked(page);
      await question(page).getByRole('button', { name: TEXT.leave }).click();
      await expect(page).toHaveURL(`${DEMO.url}/admin`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${IT_BACKOFFICE.welcomeBack}`) })).toBeVisible();
      await expect(question(page)).toBeHidden();

      // Forward to «Azienda»: nothing unsaved there now, back and forward go without a question.
      await historyButton(page, 1);
      await expect(page).toHaveURL(AZIENDA);
      await expect(page.getByRole('tab', { name: IT_COMPANY.tabs.data })).toHaveAttribute('aria-selected', 'true');
      await historyButton(page, -1);
      await expect(page).toHaveURL(`${DEMO.url}/admin`);
      await historyButton(page, 1);
      await expect(page).toHaveURL(AZIENDA);
      await expect(question(page)).toBeHidden();

      // Forward: «Stanze» opened and left by back, then the text typed: forward is asked about too.
      await page.getByRole('navigation', { name: IT_BACKOFFICE.navLabel }).getByRole('link', { name: IT_MANAGEMENT.nav.rooms }).click();
      await expect(page).toHaveURL(`${DEMO.url}/admin/stanze`);
      await historyButton(page, -1);
      await expect(page).toHaveURL(AZIENDA);
      await page.getByRole('tab', { name: IT_COMPANY.tabs.privacy }).click();
      await editor(page).click();
      await page.keyboard.type(` ${TYPED}`);
      await historyButton(page, 1);
      await asked(page);
      await stayByKeyboard(page);

      // «Esci» and leave: signed out, at the sign-in page.
      await signOut(page).click();
      await question(page).getByRole('button', { name: TEXT.leave }).click();
      await expect(page).toHaveURL(`${DEMO.url}/admin/login`);
      await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
      expect((await staffApi(page, 'GET', '/api/me')).status).toBe(401);
    } finally {
      await context.close();
    }
  });
}
