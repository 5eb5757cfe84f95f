import { expect, test, type Locator } from '@playwright/test';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { expectWaiting, latestSmsTo, queueItem, smsCodeFor, staffOpensQueue, uniqueVisitorName, visitorAsks, visitorContext } from '../fixtures/lobby';
import { staffContext } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/**
 * Demo's second store (Roma Termini) asks live visitors to prove their phone: the code arrives
 * by SMS (read here from the development outbox), and only a verified request reaches staff.
 */

const SECOND_STORE = 1;
const PHONE_TYPED = '+39 333 123 4567';
const PHONE_E164 = '+393331234567';

async function submitCode(form: Locator, code: string): Promise<void> {
  await form.getByLabel(IT_LOBBY.visitor.codeLabel).fill(code);
  await form.locator('button[type="submit"]').click();
}

/** Another 6-digit code, certainly wrong. */
function wrongCodeFor(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

test('the phone is verified with the SMS code: a wrong code is refused, the right one puts the request in the queue', async ({ browser }) => {
  test.setTimeout(60_000);
  const staff = await staffContext(browser, DEMO.url, DEMO.admin);
  const visitor = await visitorContext(browser);
  try {
    await staffOpensQueue(staff.page, DEMO.url);
    const { page } = visitor;
    const name = uniqueVisitorName();

    const requestId = await visitorAsks(page, DEMO.url, SECOND_STORE, name);

    await test.step('the phone step comes first, and staff do not see the request yet', async () => {
      const phoneForm = page.getByTestId('phone-form');
      await expect(phoneForm).toBeVisible();
      await expect(page.getByTestId('waiting-step')).toHaveCount(0);
      await phoneForm.getByLabel(IT_LOBBY.visitor.phoneLabel).fill(PHONE_TYPED);
      await phoneForm.locator('button[type="submit"]').click();
      // The code form, and above it the number as the API normalised it.
      await expect(page.getByTestId('code-form')).toBeVisible();
      await expect(page.getByText(IT_LOBBY.visitor.codeText(PHONE_E164))).toBeVisible();
      await expect(queueItem(staff.page, name)).toHaveCount(0);
    });

    const code = await smsCodeFor(page, PHONE_E164);

    await test.step('the SMS carries the code in the catalogue wording', async () => {
      expect((await latestSmsTo(page, PHONE_E164))?.body).toBe(IT_LOBBY.sms.verificationCode(DEMO.name, code));
    });

    await test.step('a wrong code is refused in Italian', async () => {
      const codeForm = page.getByTestId('code-form');
      const answered = page.waitForResponse((response) => response.url().endsWith(`/join-request/${requestId}/verify-verification-code`));
      await submitCode(codeForm, wrongCodeFor(code));
      expect((await answered).status()).toBe(422);
      await expect(codeForm.getByText(IT_LOBBY.errors.codeWrong)).toBeVisible();
      await expect(queueItem(staff.page, name)).toHaveCount(0);
    });

    await test.step('the right code: the visitor waits, staff see the request with the verified phone', async () => {
      const codeForm = page.getByTestId('code-form');
      await submitCode(codeForm, code);
      await expectWaiting(page);
      const item = queueItem(staff.page, name);
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute('data-request-id', requestId);
      await expect(item).toHaveAttribute('data-status', 'verified');
      await expect(item.getByTestId('queue-item-phone')).toContainText(/\+39\s?333\s?123\s?4567/);
    });

    await test.step("the visitor's cancel withdraws it from the queue", async () => {
      await page.getByTestId('cancel-request').click();
      await expect(page.getByTestId('outcome-cancelled')).toBeVisible();
      await expect(queueItem(staff.page, name)).toHaveCount(0);
    });
  } finally {
    await Promise.all([staff.context.close(), visitor.context.close()]);
  }
});
