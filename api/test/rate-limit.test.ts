import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      loginPerMinute: 8,
      accountFailures: 3,
      accountFirstDelayMs: 1000,
      accountMaxDelayMs: 8000,
      resetRequestsPerMinute: 4,
      resetRequestsPerEmail: 2,
      notFoundPerMinute: 5,
    },
  });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

let ipCounter = 10;
/** A browser on its own IP address, so that each test meets only the limit it is about. */
async function browserOnNewIp(host = 'demo.localhost') {
  const browser = new TestClient(t.app, host, `10.0.0.${ipCounter++}`);
  await browser.get('/api/me');
  return browser;
}

const login = (browser: TestClient, username: string, password: string) => browser.post('/api/login', { company: 'demo', username, password });

describe('sign-in limits', () => {
  it('slows an account down after repeated failures, whatever the IP, instead of locking it', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(await browserOnNewIp(), 'admin', 'sbagliata')).statusCode).toBe(401);
    }
    const early = await login(await browserOnNewIp(), 'admin', 'Incontra2026!');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: IT_BACKOFFICE.tooManyAttempts });
    expect(early.headers['retry-after']).toBe('1');
    // Other accounts are not touched.
    expect((await login(await browserOnNewIp(), 'operatore', 'Incontra2026!')).statusCode).toBe(200);
    // Once the short wait is over, the right password signs in: no 15-minute lock-out.
    t.clock.advance(1000);
    expect((await login(await browserOnNewIp(), 'admin', 'Incontra2026!')).statusCode).toBe(200);
  });

  it('doubles the wait with every further failure, up to the cap', async () => {
    const waits: string[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      let answer = await login(await browserOnNewIp(), 'nessuno-raddoppio', 'sbagliata');
      if (answer.statusCode === 429) {
        waits.push(String(answer.headers['retry-after']));
        t.clock.advance(Number(answer.headers['retry-after']) * 1000);
        answer = await login(await browserOnNewIp(), 'nessuno-raddoppio', 'sbagliata');
      }
      expect(answer.statusCode).toBe(401);
    }
    // Three free attempts, then 1 s, doubling to the 8 s cap.
    expect(waits).toEqual(['1', '2', '4', '8', '8', '8']);
  });

  it('counts the account on company + user: another host name of the same company shares it', async () => {
    const onDemoHost = new TestClient(t.app, 'demo.localhost', '10.1.0.1');
    await onDemoHost.get('/api/me');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(onDemoHost, 'Operatore', 'sbagliata')).statusCode).toBe(401);
    const onSecondHost = new TestClient(t.app, 'localhost', '10.1.0.2');
    await onSecondHost.get('/api/me');
    expect((await login(onSecondHost, ' operatore ', 'Incontra2026!')).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await login(onSecondHost, 'operatore', 'Incontra2026!')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await login(browser, `nessuno-${attempt}`, 'sbagliata')).statusCode).toBe(401);
    }
    const limited = await login(browser, 'operatore', 'Incontra2026!');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(IT_BACKOFFICE.tooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset limits', () => {
  it('limits requests per e-mail', async () => {
    const body = { company: 'demo', email: 'operatore@demo.incontra.local' };
    expect((await (await browserOnNewIp()).put('/api/password-reset-request', body)).statusCode).toBe(200);
    expect((await (await browserOnNewIp()).put('/api/password-reset-request', body)).statusCode).toBe(200);
    const limited = await (await browserOnNewIp()).put('/api/password-reset-request', { ...body, email: 'Operatore@demo.incontra.local' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(IT.errors.tooManyRequests);
  });

  it('limits requests per IP address', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await browser.put('/api/password-reset-request', { company: 'demo', email: `n${attempt}@demo.incontra.local` })).statusCode).toBe(200);
    }
    expect((await browser.put('/api/password-reset-request', { company: 'demo', email: 'n9@demo.incontra.local' })).statusCode).toBe(429);
  });
});

describe('unknown paths', () => {
  it('are rate limited', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await browser.get(`/api/nope-${attempt}`)).statusCode).toBe(404);
    expect((await browser.get('/api/nope-6')).statusCode).toBe(429);
  });
});

describe('parallel guesses', () => {
  let p: TestApp;
  beforeAll(async () => {
    // The per-address limit out of the way: only the account's own counting decides.
    p = await startTestApp({ rateLimits: { loginPerMinute: 100 } });
  }, START_TIMEOUT_MS);
  afterAll(() => p.close());

  const guesses = async (username: string, addresses: string[]) => {
    const browsers = await Promise.all(
      addresses.map(async (address) => {
        const browser = new TestClient(p.app, 'demo.localhost', address);
        await browser.get('/api/me');
        return browser;
      }),
    );
    const answers = await Promise.all(browsers.map((browser) => login(browser, username, 'sbagliata')));
    return answers.map((answer) => answer.statusCode);
  };

  it('check at most the free attempts when they come from one address', async () => {
    const statuses = await guesses(
      'admin',
      Array.from({ length: 20 }, () => '10.2.0.1'),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(p.config.rateLimits.accountFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - p.config.rateLimits.accountFailures);
  });

  it('check at most the free attempts when they come from many addresses', async () => {
    const statuses = await guesses(
      'operatore',
      Array.from({ length: 15 }, (_, index) => `10.3.0.${index + 1}`),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(p.config.rateLimits.accountFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - p.config.rateLimits.accountFailures);
  });
});
