import { expect, test, type Page } from '@playwright/test';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { signIn } from '../fixtures/auth';
import { auditState } from '../fixtures/axe';
import { rowWith, staffApi } from '../fixtures/backoffice';
import { ok } from '../fixtures/backoffice-store';
import { tabTo } from '../fixtures/bookings';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { CLUSTER } from '../fixtures/lobby';
import { expectFitsPhoneAndDesktop, expectVisibleFocus } from '../fixtures/screen-checks';
import { expectTablesFitEveryWidth } from '../fixtures/table-widths';
import { CLUSTER_SMTP_PORT, startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink';
import { DEMO } from '../fixtures/tenants';

/*
 * «E-mail non consegnate» with real undelivered mail. The main e2e server has no SMTP_URL (the
 * outbox row is the delivery), so nothing is ever undelivered there: the empty page. The cluster's
 * processes send through SMTP to a port where nobody listens (e2e/scripts/start-cluster.mjs), so
 * their deliveries fail; this suite starts its own small SMTP server there (fixtures/smtp-sink)
 * when it wants one. One appointment's e-mail fails as a server that is down (connection refused:
 * tried again later), another's is refused for good (550: given up, so no timer can send it while
 * the test looks); with the server taking mail again, «Riprova» by keyboard delivers the second
 * and it leaves the list.
 */

const PAGE_PATH = '/admin/email-non-consegnate';
const T = IT_BACKOFFICE.undeliveredMail;

const run = Math.random().toString(36).slice(2, 8);
const uniqueEmail = (label: string) => `${label}-${run}@example.it`;

interface Undelivered {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  error: string | null;
  nextAttemptAt: string | null;
  failedAt: string | null;
}

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('on a server that keeps its e-mail in the outbox the page is empty', async ({ page }, testInfo) => {
  await signIn(page, DEMO.url, DEMO.admin);
  await page.goto(`${DEMO.url}${PAGE_PATH}`);
  await expect(page.getByRole('heading', { level: 1, name: IT_BACKOFFICE.nav.undeliveredMail })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: T.empty })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await auditState(page, 'back office: undelivered e-mail, none');
  await expectFitsPhoneAndDesktop(page, testInfo, 'undelivered-empty');
});

/** Staff book an appointment at Milano for `email`, as by phone: the customer's e-mail goes out after the commit. */
async function bookFor(staff: Page, email: string, nth: number): Promise<void> {
  const { stores } = await ok(staffApi<{ stores: { id: string; name: string }[] }>(staff, 'GET', '/api/config/company'));
  const milano = stores.find((store) => store.name === 'Milano Centro')!;
  const { topics } = await ok(staffApi<{ topics: { id: string }[] }>(staff, 'GET', `/api/config/store/${milano.id}`));
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const { days } = await ok(
    staffApi<{ days: { slots: { startsAt: string }[] }[] }>(staff, 'GET', `/api/config/store/${milano.id}/slots?topic=${topics[0]!.id}&from=${from}&to=${to}`),
  );
  // Far ahead, out of every other test's way: the `nth` start from the end.
  const startsAt = days.flatMap((day) => day.slots).at(-1 - nth)!.startsAt;
  await ok(
    staffApi(staff, 'POST', '/api/bo/reservations', {
      store: milano.id,
      topic: topics[0]!.id,
      startsAt,
      firstName: 'Nadia',
      lastName: 'Posta',
      email,
      phone: '333 222 3333',
    }),
    201,
  );
}

/** The company's undelivered e-mail to `email`, once its first delivery has failed. */
async function undeliveredTo(staff: Page, email: string): Promise<Undelivered> {
  let found: Undelivered | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await ok(staffApi<{ messages: Undelivered[] }>(staff, 'GET', '/api/bo/mail/undelivered'));
        found = messages.find((message) => message.to === email);
        return found !== undefined;
      },
      { message: `the e-mail to ${email} listed as undelivered` },
    )
    .toBe(true);
  return found!;
}

test('undelivered e-mail is listed with its error; «Riprova» by keyboard delivers it and it leaves the list', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  let sink: SmtpSink | undefined;
  try {
    await signIn(page, CLUSTER.first, DEMO.admin);
    const down = uniqueEmail('server.spento');
    const refused = uniqueEmail('casella.rifiutata');

    await test.step('a mail server that is down, then one refusing the mailbox', async () => {
      await bookFor(page, down, 0);
      const first = await undeliveredTo(page, down);
      expect(first.error).toContain(`ECONNREFUSED 127.0.0.1:${CLUSTER_SMTP_PORT}`);
      expect(first.nextAttemptAt, 'tried again later').not.toBeNull();

      sink = await startSmtpSink(CLUSTER_SMTP_PORT, 'refuse');
      await bookFor(page, refused, 1);
      const second = await undeliveredTo(page, refused);
      expect(second.error).toContain('550');
      expect(second.failedAt, 'given up').not.toBeNull();
      expect(sink.received).toEqual([]);
    });

    const refusedRow = rowWith(page, refused);
    await test.step('the list shows both, newest first, with their state', async () => {
      await page.goto(`${CLUSTER.first}${PAGE_PATH}`);
      await expect(page.getByRole('heading', { level: 1, name: IT_BACKOFFICE.nav.undeliveredMail })).toBeVisible();
      await expect(page.getByRole('table', { name: T.caption })).toBeVisible();
      await expect(refusedRow).toContainText(T.failed);
      await expect(refusedRow).toContainText('550');
      await expect(refusedRow).toContainText('Appuntamento confermato: ');
      // The server that was down: tried again by itself (until the sink refused it too, if its turn came).
      await expect(rowWith(page, down)).toContainText(/Nuovo tentativo alle \d\d:\d\d|Non consegnata/);
      await expect(rowWith(page, down)).toContainText(/ECONNREFUSED|550/);
      await expectTablesFitEveryWidth(page, { name: 'undelivered e-mail', dateColumns: ['createdAt', 'state'] });
      await auditState(page, 'back office: undelivered e-mail, listed');
      await expectFitsPhoneAndDesktop(page, testInfo, 'undelivered-listed');
    });

    await test.step('with the server taking mail again, «Riprova» by keyboard sends it: the toast, the list without it', async () => {
      sink!.mode = 'accept';
      await page.reload();
      const retry = refusedRow.getByRole('button', { name: new RegExp(`^Riprova l'invio a ${refused.replaceAll('.', '\\.')}: Appuntamento confermato`) });
      await expect(retry).toBeVisible();
      await tabTo(page, retry, { max: 80 });
      await expectVisibleFocus(page);
      await page.keyboard.press('Enter');
      await expect(page.getByText(T.retrySent(refused), { exact: true })).toBeVisible();
      await expect(refusedRow).toHaveCount(0);
      expect(sink!.received.map((mail) => mail.to)).toContainEqual([refused]);
      const received = sink!.received.find((mail) => mail.to.includes(refused))!;
      // The appointment's e-mail itself (the subject may travel encoded; the greeting is plain ASCII).
      expect(received.data).toContain('Ciao Nadia,');
      await auditState(page, 'back office: undelivered e-mail, after a retry');
      await expectFitsPhoneAndDesktop(page, testInfo, 'undelivered-after-retry');
    });
  } finally {
    await sink?.close();
  }
});
