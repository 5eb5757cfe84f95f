import { expect, test, type Locator, type Page } from '@playwright/test';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { signIn } from '../fixtures/auth';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { roomIdByName } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/*
 * The back office's time fields in a Chromium started in English (#24 §5): an Italian product
 * shows 24-hour times whatever the browser's locale. A native time field follows the browser
 * («09:00 AM» here) while its value stays "09:00", so what is checked is the text the field
 * paints: read through the DevTools protocol, the browser's own parts of the field included.
 */

const TEXT = IT_ROOMS.room;

/** The text a form field shows, as painted: its value, or a native field's own parts («09:00 AM»). */
async function shownText(page: Page, field: Locator): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await field.evaluate((element) => element.setAttribute('data-shown-text', ''));
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.querySelector("[data-shown-text]")' });
    const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId!, depth: -1, pierce: true });
    await field.evaluate((element) => element.removeAttribute('data-shown-text'));
    type Node = { nodeType: number; nodeValue?: string; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
    const hidden = (candidate: Node) => {
      const attributes = candidate.attributes ?? [];
      const style = attributes[attributes.indexOf('style') + 1] ?? '';
      return attributes.includes('style') && /display:\s*none/.test(style);
    };
    const texts: string[] = [];
    const walk = (candidate: Node) => {
      if (hidden(candidate)) return;
      if (candidate.nodeType === 3) texts.push(candidate.nodeValue ?? '');
      for (const child of [...(candidate.shadowRoots ?? []), ...(candidate.children ?? [])]) walk(child);
    };
    walk(node as Node);
    // Chromium separates «PM» with a narrow no-break space: one plain space for any.
    return texts.join('').replace(/\s+/g, ' ').trim();
  } finally {
    await cdp.detach();
  }
}

test('the time fields show and take 24-hour times in an English Chromium: the week and a date’s exception', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  try {
    await test.step('this browser shows a native time field in 12 hours (what the fields must not do)', async () => {
      await page.setContent('<input type="time" value="14:30" aria-label="native">');
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      expect(await shownText(page, page.getByLabel('native'))).toBe('02:30 PM');
    });

    await acceptCookiesUpFront(page);
    await signIn(page, DEMO.url, DEMO.admin);
    const roomId = await roomIdByName(page, 'Sala Consulenza');
    await page.goto(`${DEMO.url}/admin/stanze/${roomId}`);
    const monday = page.getByRole('group', { name: 'Lunedì', exact: true });
    const field = (label: string) => monday.getByRole('textbox', { name: label, exact: true });

    await test.step('the seeded week reads 09:00–13:00 and 14:00–18:00', async () => {
      await expect(field(TEXT.start('Lunedì', 2))).toHaveValue('14:00');
      const shown = [];
      for (const label of [TEXT.start('Lunedì', 1), TEXT.end('Lunedì', 1), TEXT.start('Lunedì', 2), TEXT.end('Lunedì', 2)]) {
        shown.push(await shownText(page, field(label)));
      }
      expect(shown).toEqual(['09:00', '13:00', '14:00', '18:00']);
    });

    await test.step('typed by keyboard, «1430» reads 14:30; the arrows move the end by 5 minutes', async () => {
      const start = field(TEXT.start('Lunedì', 2));
      await start.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('1430');
      await page.keyboard.press('Tab');
      const end = field(TEXT.end('Lunedì', 2));
      await expect(end).toBeFocused();
      expect(await shownText(page, start)).toBe('14:30');
      await page.keyboard.press('ArrowUp');
      await expect(end).toHaveValue('18:05');
      expect(await shownText(page, end)).toBe('18:05');
      // Taken as a time: the day says nothing is wrong.
      await expect(monday.getByText(IT_ROOMS.validation.time)).toHaveCount(0);
      await page.setViewportSize({ width: 320, height: 800 });
      await monday.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('week-en-US-320.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: test.info().outputPath('week-en-US-1280.png') });
    });

    await test.step('a date’s special hours read 09:00–13:00 and take 16:00', async () => {
      // Nothing above was saved: the week stays the seed's for the other suites.
      await page.reload();
      await page.getByRole('button', { name: 'Mese successivo' }).click();
      const fifteenth = page.getByRole('button', { name: /^\S+ 15 \S+ \d{4}$/ });
      const dayName = (await fifteenth.getAttribute('aria-label'))!;
      await fifteenth.click();
      const form = page.getByRole('form', { name: TEXT.exceptionDate(dayName) });
      await form.getByRole('checkbox', { name: TEXT.exceptionClosed }).uncheck();
      const start = form.getByRole('textbox', { name: TEXT.start(dayName, 1) });
      const end = form.getByRole('textbox', { name: TEXT.end(dayName, 1) });
      expect([await shownText(page, start), await shownText(page, end)]).toEqual(['09:00', '13:00']);
      await end.fill('16:00');
      await page.keyboard.press('Tab');
      expect(await shownText(page, end)).toBe('16:00');
      await expect(form.getByText(IT_ROOMS.validation.time)).toHaveCount(0);
      await form.getByRole('button', { name: IT_MANAGEMENT.form.cancel }).click();
      await expect(form).toBeHidden();
    });
  } finally {
    await context.close();
  }
});
