import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BillingData } from '@incontra/contracts/api/billing-data';
import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { DEMO_SELLER, readBillingConfig } from '../src/billing/billing-config';
import { recordCharge } from '../src/billing/charges';
import { recordEInvoice } from '../src/billing/documents/e-invoices';
import { billingProfiles, eInvoices, invoices, subscriptionCards } from '../src/db/schema';
import { validateFatturaPA } from './helpers/fatturapa-schema';
import { pdfTexts } from './helpers/pdf-text';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The e-invoices kept with paid invoices (recordEInvoice in the payment's transaction, as the
 * application role) and the two downloads, GET /api/payments/company/:id/receipt and /e-invoice:
 * admins only, 404 for an unknown, malformed, another company's or unpaid invoice, as the billing
 * plugin registers them. Invoices are written straight into the table, as the payment writes them.
 */

const buyer: BillingData = {
  legalName: 'Demo & Figli S.r.l.',
  vatNumber: '01234567897',
  taxCode: '01234567897',
  address: 'Corso Italia 12',
  postalCode: '00184',
  city: 'Roma',
  province: 'RM',
  sdiCode: '',
  pec: 'fatture@pec.demo.it',
};

let t: LobbyTestApp;
let demoAdmin: TestClient;
let acmeAdmin: TestClient;
let demoOperator: TestClient;
beforeAll(async () => {
  t = await startLobbyApp();
  demoAdmin = await t.staff('admin');
  acmeAdmin = await t.staff('admin', 'acme.localhost');
  demoOperator = await t.staff('operatore');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

let numbers = 0;
/** A Demo or Acme invoice row, paid unless told, with 49,00 € net + 22 % VAT (numbered in 2020: never a number the sequence gives). */
async function writeInvoice(companyId: string, status: 'paid' | 'failed' = 'paid'): Promise<{ id: string; number: string }> {
  numbers += 1;
  const row = { id: randomUUID(), number: `2020-${String(numbers).padStart(6, '0')}` };
  const now = t.clock.now();
  await t.db.asOwnerForTenant(companyId, (tx) =>
    tx.insert(invoices).values({
      ...row,
      companyId,
      planId: 'basic',
      description: 'Abbonamento Basic, mensile',
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
      net: 4900,
      vat: 1078,
      total: 5978,
      status,
      paidAt: status === 'paid' ? now : null,
    }),
  );
  return row;
}

/** The invoice's e-invoice, recorded as the payment does: in a tenant transaction of the application role. */
function record(companyId: string, invoice: { id: string; number: string }, over: Partial<Parameters<typeof recordEInvoice>[1]> = {}) {
  return t.db.withTenant(companyId, (tx) =>
    recordEInvoice(tx, {
      invoiceId: invoice.id,
      companyId,
      number: invoice.number,
      issuedOn: '2026-03-02',
      description: 'Abbonamento Basic, mensile',
      net: 4900,
      vatRate: 22,
      buyer,
      seller: DEMO_SELLER,
      ...over,
    }),
  );
}

async function storedEInvoice(companyId: string, invoiceId: string) {
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(eInvoices).where(eq(eInvoices.invoiceId, invoiceId)));
  return row;
}

describe('recordEInvoice', () => {
  it('keeps a schema-valid FatturaPA file under the SdI name, with a new progressive', async () => {
    const demoId = t.seeded.demoId;
    const invoice = await writeInvoice(demoId);
    const { fileName } = await record(demoId, invoice);
    expect(fileName).toMatch(/^IT12345678903_[0-9A-Z]{1,5}\.xml$/);
    const row = await storedEInvoice(demoId, invoice.id);
    expect(row).toMatchObject({ companyId: demoId, fileName, transmission: 'kept', transmittedAt: null });
    expect(fileName).toBe(`IT12345678903_${row!.progressive}.xml`);
    expect(row!.xml).toContain(`<ProgressivoInvio>${row!.progressive}</ProgressivoInvio>`);
    expect(row!.xml).toContain(`<Numero>${invoice.number}</Numero>`);
    expect(row!.xml).toContain('<PECDestinatario>fatture@pec.demo.it</PECDestinatario>');
    expect(row!.xml).toContain('<ImportoTotaleDocumento>59.78</ImportoTotaleDocumento>');
    expect(await validateFatturaPA(row!.xml)).toMatchObject({ valid: true });
  });

  it('gives every file of every company its own progressive and name', async () => {
    const names: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const companyId = index % 2 === 0 ? t.seeded.demoId : t.seeded.acmeId;
      names.push((await record(companyId, await writeInvoice(companyId))).fileName);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('writes nothing when the file cannot be valid (0 % VAT), and the transaction rolls back', async () => {
    const demoId = t.seeded.demoId;
    const invoice = await writeInvoice(demoId);
    await expect(record(demoId, invoice, { vatRate: 0 })).rejects.toThrow(/VAT rate/);
    expect(await storedEInvoice(demoId, invoice.id)).toBeUndefined();
  });
});

describe('the downloads', () => {
  let paid: { id: string; number: string };
  let fileName: string;
  beforeAll(async () => {
    const demoId = t.seeded.demoId;
    paid = await writeInvoice(demoId);
    fileName = (await record(demoId, paid)).fileName;
    await t.db.asOwnerForTenant(demoId, async (tx) => {
      await tx
        .insert(billingProfiles)
        .values({ companyId: demoId, ...buyer })
        .onConflictDoNothing();
      await tx
        .insert(subscriptionCards)
        .values({ companyId: demoId, providerMethodId: 'tpm_test', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })
        .onConflictDoNothing();
    });
  });

  it('serves the admin the PDF receipt as an attachment named after the number', async () => {
    const response = await demoAdmin.get(`/api/payments/company/${paid.id}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ricevuta-${paid.number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('serves the admin the FatturaPA file as kept, under its SdI name', async () => {
    const response = await demoAdmin.get(`/api/payments/company/${paid.id}/e-invoice`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(response.body).toBe((await storedEInvoice(t.seeded.demoId, paid.id))!.xml);
  });

  it.each(['receipt', 'e-invoice'])('refuses the %s to an operator (403) and to the signed out (401)', async (kind) => {
    const operator = await demoOperator.get(`/api/payments/company/${paid.id}/${kind}`);
    expect(operator.statusCode).toBe(403);
    expect(operator.json()).toMatchObject({ message: IT_MANAGEMENT.forbidden });
    expect((await new TestClient(t.app, 'demo.localhost').get(`/api/payments/company/${paid.id}/${kind}`)).statusCode).toBe(401);
  });

  it.each(['receipt', 'e-invoice'])(
    'answers 404 with the same message for the %s of an unknown, malformed, another company’s or unpaid invoice',
    async (kind) => {
      const failed = await writeInvoice(t.seeded.demoId, 'failed');
      const refusals = [
        await demoAdmin.get(`/api/payments/company/${randomUUID()}/${kind}`),
        await demoAdmin.get(`/api/payments/company/not-an-id/${kind}`),
        await acmeAdmin.get(`/api/payments/company/${paid.id}/${kind}`),
        await demoAdmin.get(`/api/payments/company/${failed.id}/${kind}`),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, message: IT_BILLING_DOCUMENTS.invoiceNotFound });
      }
    },
  );

  it('serves the receipt of a paid invoice whose e-invoice is missing, but no e-invoice', async () => {
    const bare = await writeInvoice(t.seeded.demoId);
    expect((await demoAdmin.get(`/api/payments/company/${bare.id}/receipt`)).statusCode).toBe(200);
    expect((await demoAdmin.get(`/api/payments/company/${bare.id}/e-invoice`)).statusCode).toBe(404);
  });
});

describe('the receipt of an invoice says what it was paid with then', () => {
  /** The card on file of Demo, replaced. */
  const cardOnFile = (last4: string) =>
    t.db.asOwnerForTenant(t.seeded.demoId, (tx) =>
      tx
        .insert(subscriptionCards)
        .values({ companyId: t.seeded.demoId, providerMethodId: `tpm_${last4}`, brand: 'visa', last4, expMonth: 12, expYear: 2030 })
        .onConflictDoUpdate({ target: subscriptionCards.companyId, set: { providerMethodId: `tpm_${last4}`, last4 } }),
    );
  const receiptTexts = async (invoiceId: string) => {
    const response = await demoAdmin.get(`/api/payments/company/${invoiceId}/receipt`);
    expect(response.statusCode).toBe(200);
    return pdfTexts(response.rawPayload);
  };

  it('keeps the VAT rate and the card of the charge, whatever changed since; an older invoice reads today’s', async () => {
    const demoId = t.seeded.demoId;
    await cardOnFile('4242');
    const now = t.clock.now();
    // Charged at 10 % (the rate of that day's configuration; the app's own is 22 %).
    const charged = await t.db.withTenant(demoId, (tx) =>
      recordCharge(
        tx,
        { mailer: t.app.mailer, billing: { ...readBillingConfig({}), vatRate: 10 } },
        {
          companyId: demoId,
          planId: 'basic',
          description: 'Abbonamento Basic, mensile',
          periodStart: now,
          periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
          amount: { net: 4900, vat: 490, total: 5390 },
          at: now,
          key: `receipt-test:${randomUUID()}`,
          outcome: { status: 'paid', providerChargeId: `ch_${randomUUID()}` },
        },
      ),
    );
    const older = await writeInvoice(demoId);
    await cardOnFile('1881');

    const texts = await receiptTexts(charged!.id);
    expect(texts).toContain('IVA 10%');
    expect(texts).toContain('Pagata con carta •••• 4242');
    // Recorded before invoices kept them (no rate, no card on the row): today's rate and card.
    const olderTexts = await receiptTexts(older.id);
    expect(olderTexts).toContain('IVA 22%');
    expect(olderTexts).toContain('Pagata con carta •••• 1881');
  });
});
