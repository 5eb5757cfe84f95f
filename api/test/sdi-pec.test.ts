import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readBillingConfig, SDI_FIRST_PEC_ADDRESS } from '../src/billing/billing-config';
import { recordCharge } from '../src/billing/charges';
import { sdiRetryDelayMs, SDI_MAX_ATTEMPTS } from '../src/billing/documents/sdi-transmission';
import { billingProfiles, eInvoices } from '../src/db/schema';
import { GOOD_BILLING_DATA } from './helpers/billing';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * The e-invoices' PEC channel to the SdI (SDI_PEC_*): each paid invoice's FatturaPA file leaves
 * as the attachment of a message from the seller's PEC mailbox to the SdI's address, through a
 * real SMTP server on loopback standing for the PEC provider. A refusal or an outage keeps the
 * file and tries it again later; a file is sent once.
 */

const PEC_FROM = 'fatture@pec.incontra.test';

let smtp: TestSmtpServer;
let t: LobbyTestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startLobbyApp({ env: { SDI_PEC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SDI_PEC_FROM: PEC_FROM } });
  await t.db.asOwnerForTenant(t.seeded.demoId, (tx) =>
    tx
      .insert(billingProfiles)
      .values({ companyId: t.seeded.demoId, ...GOOD_BILLING_DATA })
      .onConflictDoNothing(),
  );
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A paid charge of Demo recorded as a payment records it: its invoice and FatturaPA file. */
async function paidCharge(): Promise<string> {
  const now = t.clock.now();
  const invoice = await t.db.withTenant(t.seeded.demoId, (tx) =>
    recordCharge(
      tx,
      { mailer: t.app.mailer, billing: t.app.config.billing },
      {
        companyId: t.seeded.demoId,
        planId: 'basic',
        description: 'Abbonamento Basic, mensile',
        periodStart: now,
        periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
        amount: { net: 4900, vat: 1078, total: 5978 },
        at: now,
        key: `sdi-test:${randomUUID()}`,
        outcome: { status: 'paid', providerChargeId: `ch_${randomUUID()}` },
      },
    ),
  );
  return invoice!.id;
}

const fileOf = async (invoiceId: string) =>
  (await t.db.asOwnerForTenant(t.seeded.demoId, (tx) => tx.select().from(eInvoices).where(eq(eInvoices.invoiceId, invoiceId))))[0]!;

describe('the SdI PEC configuration', () => {
  it('is off without SDI_PEC_*, the SdI’s first address by default, and refuses half or malformed settings', () => {
    expect(readBillingConfig({}).sdi).toBeNull();
    expect(readBillingConfig({ SDI_PEC_SMTP_URL: 'smtps://u:p@smtps.pec.example.it:465', SDI_PEC_FROM: PEC_FROM }).sdi).toEqual({
      smtpUrl: 'smtps://u:p@smtps.pec.example.it:465',
      from: PEC_FROM,
      to: SDI_FIRST_PEC_ADDRESS,
    });
    expect(() => readBillingConfig({ SDI_PEC_SMTP_URL: 'smtps://u:p@smtps.pec.example.it:465' })).toThrow(/SDI_PEC_FROM: required/);
    expect(() => readBillingConfig({ SDI_PEC_FROM: PEC_FROM })).toThrow(/SDI_PEC_SMTP_URL: required/);
    expect(() => readBillingConfig({ SDI_PEC_TO: 'sdi07@pec.fatturapa.it' })).toThrow(/SDI_PEC_TO/);
    expect(() => readBillingConfig({ SDI_PEC_SMTP_URL: 'http://u:secret@pec.example.it', SDI_PEC_FROM: PEC_FROM })).toThrow(
      /SDI_PEC_SMTP_URL: expected an smtp/,
    );
    // The mailbox's password is not repeated in the error.
    expect(() => readBillingConfig({ SDI_PEC_SMTP_URL: 'http://u:secret@pec.example.it', SDI_PEC_FROM: PEC_FROM })).not.toThrow(/secret/);
    expect(() => readBillingConfig({ SDI_PEC_SMTP_URL: 'smtps://pec.example.it', SDI_PEC_FROM: 'fatture' })).toThrow(/SDI_PEC_FROM: expected an e-mail/);
  });
});

describe('sending the e-invoices by PEC', () => {
  it('sends a paid invoice’s file to the SdI as the message’s XML attachment, once', async () => {
    const invoiceId = await paidCharge();
    const kept = await fileOf(invoiceId);
    expect(kept).toMatchObject({ transmission: 'kept', nextAttemptAt: t.clock.now(), attempts: 0 });

    expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    const mail = await smtp.next();
    expect(mail.from).toBe(PEC_FROM);
    expect(mail.to).toEqual([SDI_FIRST_PEC_ADDRESS]);
    expect(mail.raw).toContain(`filename=${kept.fileName}`);
    const attachment = /Content-Type: application\/xml[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(mail.raw)?.[1];
    expect(Buffer.from(attachment!.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(kept.xml);
    expect(await fileOf(invoiceId)).toMatchObject({ transmission: 'sent', transmittedAt: t.clock.now(), nextAttemptAt: null, lastError: null, attempts: 1 });

    // Sent is sent: another sweep sends nothing.
    expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(smtp.to(SDI_FIRST_PEC_ADDRESS)).toHaveLength(1);
  });

  it('keeps a file the PEC provider refuses, tries it again after the backoff, and sends it once it accepts', async () => {
    const invoiceId = await paidCharge();
    const before = smtp.received.length;
    smtp.refuseData = 451;
    try {
      expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
      const failed = await fileOf(invoiceId);
      expect(failed).toMatchObject({ transmission: 'kept', attempts: 1, nextAttemptAt: new Date(t.clock.now().getTime() + sdiRetryDelayMs(1)) });
      expect(failed.lastError).toMatch(/451/);
      // Not due yet: nothing is tried.
      expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    } finally {
      smtp.refuseData = null;
    }
    t.clock.advance(sdiRetryDelayMs(1));
    expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    expect(smtp.received.length).toBe(before + 1);
    expect(await fileOf(invoiceId)).toMatchObject({ transmission: 'sent', attempts: 2, lastError: null });
  });

  it(`gives a file up after ${SDI_MAX_ATTEMPTS} tries: 'failed', kept for the admin to download`, async () => {
    const invoiceId = await paidCharge();
    await t.db.asOwnerForTenant(t.seeded.demoId, (tx) =>
      tx
        .update(eInvoices)
        .set({ attempts: SDI_MAX_ATTEMPTS - 1 })
        .where(eq(eInvoices.invoiceId, invoiceId)),
    );
    smtp.refuseData = 451;
    try {
      expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 0, failed: 0, gaveUp: 1 });
    } finally {
      smtp.refuseData = null;
    }
    expect(await fileOf(invoiceId)).toMatchObject({ transmission: 'failed', attempts: SDI_MAX_ATTEMPTS, nextAttemptAt: null });
    t.clock.advance(7 * 24 * 3600_000);
    expect(await t.app.sdiTransmission.sweep()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    const admin = await t.staff('admin');
    expect((await admin.get(`/api/payments/company/${invoiceId}/e-invoice`)).statusCode).toBe(200);
  });

  it('backs off 5 minutes, doubling, at most 6 hours', () => {
    expect([1, 2, 3, 7, 8, 30].map(sdiRetryDelayMs)).toEqual([300_000, 600_000, 1_200_000, 19_200_000, 21_600_000, 21_600_000]);
  });
});
