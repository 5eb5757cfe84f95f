import { eq } from 'drizzle-orm';
import type { BillingData } from '@incontra/contracts/api/billing-data';
import { companyPaymentsSchema, subscriptionSchema, type Invoice, type Subscription } from '@incontra/contracts/api/subscription';
import { invoices, mailOutbox, subscriptions, testCards } from '../../src/db/schema';
import { seedDatabase } from '../../src/seed/seed';
import { startTestApp, type TestApp } from './test-app';
import { TestClient } from './test-client';

/** Invoicing data that pass every check (a made-up partita IVA with a right check digit). */
export const GOOD_BILLING_DATA: BillingData = {
  legalName: 'Rossi Consulenze S.r.l.',
  vatNumber: '02345678904',
  taxCode: '02345678904',
  address: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  sdiCode: 'ABC1234',
  pec: '',
};

export const DAY_MS = 24 * 3600_000;

let nextIp = 1;

export interface BillingTestApp extends TestApp {
  demoId: string;
  acmeId: string;
  /** A signed-in browser of `host` on its own IP address (the card form's rate limit is per address). */
  staff(username?: string, host?: string): Promise<TestClient>;
  subscriptionRow(companyId: string): Promise<typeof subscriptions.$inferSelect>;
  /** Changes the row straight in the table (fixtures for a state the API reaches only over time). */
  forceSubscription(companyId: string, changes: Partial<typeof subscriptions.$inferInsert>): Promise<void>;
  invoiceRows(companyId: string): Promise<(typeof invoices.$inferSelect)[]>;
  /** The test mode's charges of the company that went through (test_cards rows of purpose 'payment', succeeded). */
  charges(companyId: string): Promise<(typeof testCards.$inferSelect)[]>;
  mails(companyId: string): Promise<{ to: string; subject: string; text: string }[]>;
}

/** The real app in test mode on a fresh seeded database, with the renewal sweep's timer off. */
export async function startBillingApp(): Promise<BillingTestApp> {
  const t = await startTestApp();
  const ids = await seedDatabase(t.db, t.clock.now());
  const demoId = ids.demo!;
  const acmeId = ids.acme!;
  return {
    ...t,
    demoId,
    acmeId,
    async staff(username = 'admin', host = 'demo.localhost') {
      nextIp += 1;
      const browser = new TestClient(t.app, host, `10.20.${Math.floor(nextIp / 250)}.${nextIp % 250}`);
      const response = await browser.login(username);
      if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode}`);
      return browser;
    },
    async subscriptionRow(companyId) {
      const [row] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)));
      return row!;
    },
    async forceSubscription(companyId, changes) {
      await t.db.asOwnerForTenant(companyId, (tx) => tx.update(subscriptions).set(changes).where(eq(subscriptions.companyId, companyId)));
    },
    invoiceRows(companyId) {
      return t.db.asOwnerForTenant(companyId, (tx) =>
        tx.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(invoices.createdAt, invoices.number),
      );
    },
    async charges(companyId) {
      const rows = await t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(testCards).where(eq(testCards.companyId, companyId)));
      return rows.filter((row) => row.purpose === 'payment' && row.status === 'succeeded');
    },
    mails(companyId) {
      return t.db.asOwnerForTenant(companyId, (tx) =>
        tx.select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.companyId, companyId)),
      );
    },
  };
}

/** The card form's confirmation of `cardNumber` on a fresh setup intent: the answer as it came. */
export async function confirmCard(admin: TestClient, cardNumber: string, expiry = '12/30') {
  const intent = await admin.get('/api/subscription/setup-intent');
  if (intent.statusCode !== 200) throw new Error(`setup intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json() as { clientSecret: string };
  return { clientSecret, response: await admin.post('/api/payments/test/confirm', { clientSecret, cardNumber, expiry, cvc: '123' }) };
}

/** Confirms `cardNumber` and makes it the card on file; answers the saving's response. */
export async function addCard(admin: TestClient, cardNumber = '4242 4242 4242 4242') {
  const { response } = await confirmCard(admin, cardNumber);
  if (response.statusCode !== 200) throw new Error(`confirm: ${response.statusCode} ${response.body}`);
  const { token } = response.json() as { token: string };
  return admin.post('/api/subscription/payment', { stripeToken: token });
}

export async function readSubscription(client: TestClient): Promise<Subscription> {
  const response = await client.get('/api/subscription');
  if (response.statusCode !== 200) throw new Error(`subscription: ${response.statusCode}`);
  return subscriptionSchema.parse(response.json());
}

export async function readInvoices(client: TestClient): Promise<Invoice[]> {
  const response = await client.get('/api/payments/company');
  if (response.statusCode !== 200) throw new Error(`payments: ${response.statusCode}`);
  return companyPaymentsSchema.parse(response.json()).invoices;
}

export interface BillingAdmins {
  t: BillingTestApp;
  /** Demo's admin (Demo starts in its trial) and Acme's (an active Pro), each signed in on its own site. */
  demo: TestClient;
  acme: TestClient;
}

/** The billing app of startBillingApp with each seeded company's admin signed in: a suite's beforeAll. */
export async function startBillingAppWithAdmins(): Promise<BillingAdmins> {
  const t = await startBillingApp();
  return { t, demo: await t.staff('admin'), acme: await t.staff('admin', 'acme.localhost') };
}
