import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { posListSchema, posPaymentSchema, type PosList, type PosPayment } from '@incontra/contracts/api/pos';
import { SESSION } from '@incontra/contracts/constants';
import { mailOutbox, posPayments } from '../../src/db/schema';
import { PubSubPosNotifier } from '../../src/lobby-realtime/pos-changes';
import { sweepExpiredRequests } from '../../src/pos/expiry';
import { PosOutcomes } from '../../src/pos/outcomes';
import { silentLog } from './silent-log';
import { startLobbyApp, type LobbyTestApp } from './lobby-fixtures';
import { TestClient } from './test-client';

/*
 * The point of sale's suites: the seeded Demo (Milano Centro, Roma Termini) and Acme, the real
 * app in test mode (the customer payment port's own adapter and its card form).
 */

export interface PosTestApp extends LobbyTestApp {
  milano: string;
  roma: string;
  /** A customer's browser on the company's site, on an address of its own (the public calls are rate limited). */
  customer(host?: string): TestClient;
  /** POST /api/pos/create-payment in Milano Centro unless the body says otherwise. */
  create(staff: TestClient, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** As create, the answer checked and parsed. */
  created(staff: TestClient, body?: Record<string, unknown>): Promise<PosPayment>;
  /** The request's row as stored. */
  posRow(companyId: string, id: string): Promise<typeof posPayments.$inferSelect>;
  rows(companyId: string): Promise<(typeof posPayments.$inferSelect)[]>;
  /** The e-mails written to `to`, oldest first. */
  mailsTo(companyId: string, to: string): Promise<{ subject: string; text: string }[]>;
  /** The customer pays the request's payment with `cardNumber` on the test mode's form. */
  pay(clientSecret: string, cardNumber?: string): Promise<LightMyRequestResponse>;
  /** The link's token of a request (the last part of its link). */
  tokenOf(payment: PosPayment): string;
  /** GET with the CSRF header a write carries (the cancel). */
  getWithCsrf(client: TestClient, url: string): Promise<LightMyRequestResponse>;
  /** The expiry sweep, as the plugin's timer runs it, on the app's clock. */
  sweep(): Promise<number>;
  /** The customer opens the link, pays with 4242 and the page's verify says paid (each step checked). */
  payNow(payment: PosPayment): Promise<void>;
  /** GET /api/pos/payment?`query` as `staff`, checked 200 and parsed. */
  list(staff: TestClient, query: string): Promise<PosList>;
}

let nextIp = 1;

export async function startPosApp(): Promise<PosTestApp> {
  const t = await startLobbyApp({ rateLimits: { loginPerMinute: 10_000, notFoundPerMinute: 100_000 } });
  const customer = (host = 'demo.localhost') => {
    nextIp += 1;
    return new TestClient(t.app, host, `10.40.${Math.floor(nextIp / 250)}.${nextIp % 250}`);
  };
  const milano = t.seeded.store('Milano Centro');
  const create = (staff: TestClient, body: Record<string, unknown> = {}) =>
    staff.post('/api/pos/create-payment', { storeId: milano, amount: 2500, description: 'Consulenza', ...body });
  const rows = (companyId: string) => t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(posPayments).where(eq(posPayments.companyId, companyId)));
  const notifier = new PubSubPosNotifier({ pubsub: t.app.pubsub, log: silentLog });
  const deps = { db: t.db, clock: t.clock.now, mailer: t.app.mailer, gateway: t.app.customerPayments, notifier };
  const outcomes = new PosOutcomes(deps);
  const pay = (clientSecret: string, cardNumber = '4242 4242 4242 4242') => {
    const browser = customer();
    return browser.get('/api/me').then(() =>
      // The CSRF cookie first, as the page's first call gets it.
      browser.post('/api/payments/test/pay', { clientSecret, cardNumber, expiry: '12/30', cvc: '123', returnTo: '/pagamento/ricevuta' }),
    );
  };
  return {
    ...t,
    milano,
    roma: t.seeded.store('Roma Termini'),
    customer,
    create,
    async created(staff, body) {
      const response = await create(staff, body);
      if (response.statusCode !== 200) throw new Error(`create-payment: ${response.statusCode} ${response.body}`);
      return posPaymentSchema.parse(response.json());
    },
    async posRow(companyId, id) {
      const found = (await rows(companyId)).find((row) => row.id === id);
      if (!found) throw new Error(`no payment request ${id}`);
      return found;
    },
    rows,
    async mailsTo(companyId, to) {
      const mails = await t.db.asOwnerForTenant(companyId, (tx) =>
        tx
          .select({ subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.to, to))),
      );
      return mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(({ subject, text }) => ({ subject, text }));
    },
    pay,
    tokenOf: (payment) => payment.link.split('/').at(-1)!,
    getWithCsrf: (client, url) => client.get(url, { [SESSION.csrfHeaderName]: client.csrf ?? '' }),
    sweep: () => sweepExpiredRequests({ ...deps, outcomes, log: silentLog }),
    async payNow(payment) {
      const token = payment.link.split('/').at(-1)!;
      const view = (await customer().get(`/api/pos/request?token=${token}`)).json();
      expect((await pay(view.payment.clientSecret)).statusCode).toBe(200);
      expect((await customer().get(`/api/pos/verify/?token=${token}`)).json().status).toBe('paid');
    },
    async list(staff, query) {
      const response = await staff.get(`/api/pos/payment?${query}`);
      expect([query, response.statusCode]).toEqual([query, 200]);
      return posListSchema.parse(response.json());
    },
  };
}
