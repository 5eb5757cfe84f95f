import { IT } from '@incontra/contracts/messages/it';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    extend: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database on fire');
      });
    },
  });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

beforeEach(() => {
  t.reporter.captured.length = 0;
  t.reporter.flushes = 0;
});

describe('server errors', () => {
  it('answer 500 with a generic message, reported and flushed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom?x=1', headers: { host: 'demo.localhost' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: IT.errors.generic });
    expect(t.reporter.captured).toHaveLength(1);
    expect(t.reporter.captured[0]!.context).toMatchObject({ statusCode: 500, pathname: '/api/test/boom', method: 'GET' });
    expect((t.reporter.captured[0]!.error as Error).message).toBe('database on fire');
    expect(t.reporter.flushes).toBe(1);
  });
});

describe('client errors', () => {
  it('are not reported: 404, 400, 401, 413, malformed JSON', async () => {
    const browser = new TestClient(t.app);
    expect((await browser.get('/api/config/store/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await browser.post('/api/login', {})).statusCode).toBe(400);
    const tooBig = await browser.post('/api/login', { company: 'demo', username: 'admin', password: 'x'.repeat(1024 * 1024) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: IT.errors.payloadTooLarge });
    const malformed = await browser.post('/api/login', '{"company":', { 'content-type': 'application/json' });
    expect(malformed.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT.errors.invalidBody });
    const xml = await browser.post('/api/login', '<login/>', { 'content-type': 'application/xml' });
    expect(xml.json()).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: IT.errors.unsupportedMediaType });
    expect(t.reporter.captured).toHaveLength(0);
  });
});

describe('socket paths', () => {
  it.each(['/api/realtime/lobby', '/api/realtime/room'])('answer a plain GET of %s with 426 and the error body', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost' } });
    expect(response.statusCode).toBe(426);
    expect(response.headers.upgrade).toBe('websocket');
    expect(response.json()).toEqual({ statusCode: 426, error: 'Upgrade Required', message: IT.errors.websocketOnly });
  });
});
