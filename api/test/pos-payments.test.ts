import { eq } from 'drizzle-orm';
import { posPaymentSchema, posRequestViewSchema, type PosPayment } from '@incontra/contracts/api/pos';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_POS_MAIL } from '@incontra/contracts/messages/it-pos-mail';
import { userStores } from '../src/db/schema';
import type { CustomerPaymentEvent } from '../src/payments/customer-payments';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { startPosApp, type PosTestApp } from './helpers/pos-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * A request paid by its customer on the test mode's card form: the customer's page and verify,
 * staff's verify, the provider's event, all of them at once (paid once, one receipt), the expiry
 * sweep with the test clock, and the notice on the staff lobby sockets of the store. The suite's
 * clock only moves forward; staff sign in again after it moved.
 */

const HOUR_MS = 3600_000;

let t: PosTestApp;
beforeAll(async () => {
  t = await startPosApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const demoId = () => t.seeded.demoId;
const admin = () => t.staff('admin');

async function viewOf(payment: PosPayment, host = 'demo.localhost') {
  const response = await t.customer(host).get(`/api/pos/request?token=${t.tokenOf(payment)}`);
  expect(response.statusCode).toBe(200);
  return posRequestViewSchema.parse(response.json());
}

/** The customer pays while the provider's events are held back: the request is paid there, not yet here. */
async function payUnheard(secret: string, pays = 1): Promise<{ statuses: number[]; events: CustomerPaymentEvent[] }> {
  const events: CustomerPaymentEvent[] = [];
  const spy = jest.spyOn(t.app.customerPaymentEvents, 'dispatch').mockImplementation(async (event) => {
    events.push(event);
  });
  try {
    const answers = await Promise.all(Array.from({ length: pays }, () => t.pay(secret)));
    return { statuses: answers.map((answer) => answer.statusCode).sort(), events };
  } finally {
    spy.mockRestore();
  }
}

const receiptsTo = async (to: string) => (await t.mailsTo(demoId(), to)).filter((mail) => mail.subject.startsWith(IT_POS_MAIL.receiptSubject('Demo', '')));

describe('the customer’s page', () => {
  it('GET /api/pos/request: the request with what the card form needs, changing nothing; unknown and foreign links refused', async () => {
    const payment = await t.created(await admin());
    const before = await t.posRow(demoId(), payment.id);
    const view = await viewOf(payment);
    expect(view).toEqual({
      companyName: 'Demo',
      storeName: 'Milano Centro',
      amount: 2500,
      description: 'Consulenza',
      status: 'requested',
      expiresAt: payment.expiresAt,
      paidAt: null,
      paymentMode: 'test',
      payment: { clientSecret: before.clientSecret, publishableKey: null, stripeAccount: null },
    });
    expect(await t.posRow(demoId(), payment.id)).toEqual(before);
    for (const [url, status, message] of [
      ['/api/pos/request?token=unknown', 404, IT_POS.linkInvalid],
      [`/api/pos/request?token=${'x'.repeat(65)}`, 400, IT_POS.linkInvalid],
      ['/api/pos/request', 400, IT_POS.linkInvalid],
      ['/api/pos/verify/?token=unknown', 404, IT_POS.linkInvalid],
    ] as const) {
      const response = await t.customer().get(url);
      expect([url, response.statusCode, response.json().message]).toEqual([url, status, message]);
    }
    // Demo's link on Acme's site leads nowhere.
    const foreign = await t.customer('acme.localhost').get(`/api/pos/request?token=${t.tokenOf(payment)}`);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, IT_POS.linkInvalid]);
  });

  it('paid with 4242 and verified: paid once, the receipt e-mailed, staff see it paid with the last four digits', async () => {
    const staff = await admin();
    const payment = await t.created(staff, { email: 'cliente@example.it' });
    const view = await viewOf(payment);
    expect((await t.pay(view.payment!.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const verified = await t.customer().get(`/api/pos/verify/?token=${t.tokenOf(payment)}`);
    expect(posRequestViewSchema.parse(verified.json())).toMatchObject({ status: 'paid', paidAt: t.clock.now().toISOString(), payment: null });
    const detail = posPaymentSchema.parse((await staff.get(`/api/pos/payment/${payment.id}/verify`)).json());
    expect(detail).toMatchObject({ status: 'paid', last4: '4242', paidAt: t.clock.now().toISOString() });
    const mails = await t.mailsTo(demoId(), 'cliente@example.it');
    expect(mails.map((mail) => mail.subject)).toEqual([IT_POS_MAIL.linkSubject('Demo', '25,00 €'), IT_POS_MAIL.receiptSubject('Demo', '25,00 €')]);
    expect(mails[1]!.text).toContain('4242');
    expect(mails[1]!.text).toContain(IT_POS_MAIL.testModeNote);
  });

  it('a declined card leaves the request open and payable', async () => {
    const payment = await t.created(await admin());
    const view = await viewOf(payment);
    expect((await t.pay(view.payment!.clientSecret, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await t.customer().get(`/api/pos/verify/?token=${t.tokenOf(payment)}`)).json()).toMatchObject({ status: 'requested' });
    expect((await t.pay(view.payment!.clientSecret)).statusCode).toBe(200);
    expect((await t.customer().get(`/api/pos/verify/?token=${t.tokenOf(payment)}`)).json()).toMatchObject({ status: 'paid' });
  });
});

describe('paid at most once', () => {
  it('two parallel pays, then two verifies and the provider’s event at once: one payment, one paid row, one receipt', async () => {
    const staff = await admin();
    const payment = await t.created(staff, { email: 'parallelo@example.it' });
    const secret = (await viewOf(payment)).payment!.clientSecret;
    const { statuses, events } = await payUnheard(secret, 2);
    expect(statuses).toEqual([200, 409]);
    expect(events.map((event) => [event.kind, event.purpose, event.reference])).toEqual([['payment.succeeded', 'pos', payment.id]]);
    // Nobody has looked yet: paid at the provider, still requested here.
    expect((await t.posRow(demoId(), payment.id)).status).toBe('requested');
    const [staffVerify, customerVerify] = await Promise.all([
      staff.get(`/api/pos/payment/${payment.id}/verify`),
      t.customer().get(`/api/pos/verify/?token=${t.tokenOf(payment)}`),
      t.app.customerPaymentEvents.dispatch(events[0]!),
      t.app.customerPaymentEvents.dispatch(events[0]!),
    ]);
    expect([staffVerify.json().status, customerVerify.json().status]).toEqual(['paid', 'paid']);
    expect(await t.posRow(demoId(), payment.id)).toMatchObject({ status: 'paid', last4: '4242' });
    expect(await receiptsTo('parallelo@example.it')).toHaveLength(1);
  });

  it('an event about another payment than the request’s changes nothing', async () => {
    const payment = await t.created(await admin());
    const other = await t.created(await admin());
    const { events } = await payUnheard((await viewOf(other)).payment!.clientSecret);
    await t.app.customerPaymentEvents.dispatch({ ...events[0]!, reference: payment.id });
    expect((await t.posRow(demoId(), payment.id)).status).toBe('requested');
  });
});

describe('the notice on the staff lobby socket', () => {
  it('reaches the staff serving the store when a request is made and paid, and nobody else', async () => {
    const { url } = await lobbyAddress(t.app);
    const operatorId = await t.userId(demoId(), 'operatore');
    await t.db.asOwnerForTenant(demoId(), (tx) => tx.insert(userStores).values({ companyId: demoId(), userId: operatorId, storeId: t.roma }));
    const sockets: LobbySocket[] = [];
    try {
      const staff = await admin();
      sockets.push(await LobbySocket.staff(url, staff), await LobbySocket.staff(url, await t.staff('operatore')));
      const [adminSocket, operatorSocket] = sockets as [LobbySocket, LobbySocket];
      await adminSocket.next('queue');
      await operatorSocket.next('queue');

      const payment = await t.created(staff);
      expect(await adminSocket.next('pos')).toEqual({ type: 'pos', storeId: t.milano, paymentId: payment.id });
      expect((await t.pay((await viewOf(payment)).payment!.clientSecret)).statusCode).toBe(200);
      expect(await adminSocket.next('pos')).toEqual({ type: 'pos', storeId: t.milano, paymentId: payment.id });
      expect((await operatorSocket.drainToEcho()).filter((message) => message.type === 'pos')).toEqual([]);

      const roma = await t.created(staff, { storeId: t.roma });
      expect(await operatorSocket.next('pos')).toEqual({ type: 'pos', storeId: t.roma, paymentId: roma.id });
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
      await t.db.asOwnerForTenant(demoId(), (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorId)));
    }
  });
});

describe('the expiry sweep (the clock moved on by hand)', () => {
  it('shows a request past its expiry as expired at once, then closes it at the provider; one paid meanwhile is recorded paid', async () => {
    const staff = await admin();
    const unpaid = await t.created(staff);
    const paidLate = await t.created(staff, { email: 'tardi@example.it' });
    await payUnheard((await viewOf(paidLate)).payment!.clientSecret);
    t.clock.advance(24 * HOUR_MS + 60_000);

    // Before the sweep: expired on the page and in the list, nothing written.
    expect(await viewOf(unpaid)).toMatchObject({ status: 'expired', payment: null });
    expect((await t.posRow(demoId(), unpaid.id)).status).toBe('requested');

    expect(await t.sweep()).toBeGreaterThanOrEqual(1);
    expect((await t.posRow(demoId(), unpaid.id)).status).toBe('expired');
    const ref = { companyId: demoId(), accountId: null, paymentId: (await t.posRow(demoId(), unpaid.id)).providerPaymentId };
    expect(await t.app.customerPayments.retrieve(ref)).toMatchObject({ status: 'canceled' });
    expect(await t.posRow(demoId(), paidLate.id)).toMatchObject({ status: 'paid', last4: '4242' });
    expect(await receiptsTo('tardi@example.it')).toHaveLength(1);
    // A second run finds nothing left to do.
    expect(await t.sweep()).toBe(0);
    const detail = await (await admin()).get(`/api/pos/payment/${unpaid.id}`);
    expect(detail.json()).toMatchObject({ status: 'expired' });
  });
});
