import { eq } from 'drizzle-orm';
import { hasScheduledDowngrade, isTrialPlan, subscriptionSchema } from '@incontra/contracts/api/subscription';
import { subscriptions } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function signedIn(host: string) {
  const browser = new TestClient(t.app, host);
  expect((await browser.login()).statusCode).toBe(200);
  return browser;
}

describe('GET /api/subscription', () => {
  it("answers Demo's trial with its plans and usage", async () => {
    const response = await (await signedIn('demo.localhost')).get('/api/subscription');
    expect(response.statusCode).toBe(200);
    const subscription = subscriptionSchema.parse(response.json());
    expect(subscription.plan).toEqual({ id: 'pro-trial', name: 'Prova Pro', price: 0, usersLimit: 5, rooms: 5, trialDays: 14 });
    expect(subscription.nextPlan).toMatchObject({ id: 'basic', price: 2900 });
    expect(subscription.status).toBe('trialing');
    expect(isTrialPlan(subscription.plan)).toBe(true);
    expect(new Date(subscription.trialEndsAt!).getTime() - t.clock.now().getTime()).toBe(14 * 86_400_000);
    expect(subscription.usage).toEqual({ users: 2, rooms: 3 });
  });

  it("answers Acme's paid plan with a scheduled downgrade", async () => {
    const subscription = subscriptionSchema.parse((await (await signedIn('acme.localhost')).get('/api/subscription')).json());
    expect(subscription.plan).toMatchObject({ id: 'pro', rooms: -1, price: 7900 });
    expect(subscription.status).toBe('active');
    expect(subscription.trialEndsAt).toBeNull();
    expect(hasScheduledDowngrade(subscription)).toBe(true);
    expect(subscription.usage).toEqual({ users: 2, rooms: 1 });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { host: 'demo.localhost' } });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 'Subscription non found' when the company has none", async () => {
    const browser = await signedIn('acme.localhost');
    const acmeId = (await browser.get('/api/me')).json().companyId as string;
    await t.db.asOwnerForTenant(acmeId, (tx) => tx.delete(subscriptions).where(eq(subscriptions.companyId, acmeId)));
    const response = await browser.get('/api/subscription');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Subscription non found' });
  });
});
