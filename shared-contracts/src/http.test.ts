import * as z from 'zod/mini';
import { apiRequest, ApiRequestError } from './http';

const okSchema = z.object({ ok: z.boolean() });

function answering(status: number, body: unknown) {
  const calls: { path: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (path: string, init: RequestInit) => {
    calls.push({ path, init });
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return calls;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('apiRequest', () => {
  it('sends JSON bodies as JSON', async () => {
    const calls = answering(200, { ok: true });
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 }, schema: okSchema })).resolves.toEqual({ ok: true });
    expect((calls[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it.each([
    ['incontra_csrf=plain', 'plain'],
    ['__Host-incontra_csrf=secure; incontra_csrf=planted', 'secure'],
  ])('echoes the CSRF cookie (%s) on writes, the __Host- one first', async (cookie, expected) => {
    const calls = answering(200, { ok: true });
    (globalThis as { document?: unknown }).document = { cookie };
    try {
      await apiRequest('/api/x', { method: 'POST', schema: okSchema });
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
    expect((calls[0]?.init.headers as Record<string, string>)['x-csrf-token']).toBe(expected);
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    const calls = answering(201, { ok: true });
    const form = new FormData();
    form.append('kind', 'chat');
    await apiRequest('/api/upload', { method: 'POST', body: form, schema: okSchema });
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers as Record<string, string>).not.toHaveProperty('content-type');
  });

  it('turns an error answer into an ApiRequestError with the API message and field', async () => {
    answering(413, { statusCode: 413, error: 'Payload Too Large', message: 'Il file supera 10 MB.', field: 'file' });
    const failure = apiRequest('/api/upload', { method: 'POST', body: new FormData(), schema: okSchema });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 413, message: 'Il file supera 10 MB.', field: 'file' });
  });

  it('keeps what a refusal says beyond the common fields (a taken booking time and the nearest free ones)', async () => {
    const alternatives = [{ startsAt: '2026-03-04T09:30:00.000Z', date: '2026-03-04', time: '10:30' }];
    answering(409, { statusCode: 409, error: 'Conflict', message: 'Questo orario non è più disponibile', field: 'startsAt', alternatives });
    const failure = apiRequest('/api/reservations', { method: 'POST', body: {}, schema: okSchema });
    await expect(failure).rejects.toMatchObject({ status: 409, body: { alternatives } });
  });
});
