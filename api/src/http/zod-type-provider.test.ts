import Fastify, { type FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { IT } from '@incontra/contracts/messages/it';
import { installErrorHandler } from '../errors/error-handler';
import type { ErrorReporting } from '../errors/error-reporting';
import { installZodCompilers, type ZodFastifyInstance } from './zod-type-provider';

const reported: unknown[] = [];
const reporting = { report: async (error: unknown) => void reported.push(error) } as unknown as ErrorReporting;

const body = z.object({
  name: z.string({ error: 'Il nome è obbligatorio.' }).check(z.trim(), z.minLength(1, 'Il nome è obbligatorio.')),
  tags: z.optional(z.array(z.string())),
});
const params = z.object({ id: z.uuid({ error: 'Id non valido.' }) });
const answer = z.object({ id: z.string(), name: z.string() });

let app: FastifyInstance;
let answered: unknown;
beforeEach(async () => {
  reported.length = 0;
  answered = undefined;
  app = Fastify();
  installErrorHandler(app, reporting);
  installZodCompilers(app);
  const typed: ZodFastifyInstance = app.withTypeProvider();
  typed.post('/things/:id', { schema: { params, body, response: { 200: answer } } }, async (request) => {
    // What the handler reads is the schema's output: trimmed.
    answered = answered ?? { id: request.params.id, name: request.body.name, secret: 'not in the contract' };
    return answered as z.input<typeof answer>;
  });
  await app.ready();
});
afterEach(() => app.close());

const ID = '0b6f2c1e-8d4a-4c3b-9a1f-2e5d7c9b0a13';
const post = (payload?: unknown, id = ID) =>
  app.inject({ method: 'POST', url: `/things/${id}`, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('zod route schemas', () => {
  it('hands the handler the parsed body and writes the answer the contract declares, nothing more', async () => {
    const response = await post({ name: '  Anna  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ID, name: 'Anna' });
  });

  it('answers 400 naming the first bad field with the schema message, params before body', async () => {
    expect((await post({ name: ' ' })).json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Il nome è obbligatorio.', field: 'name' });
    expect((await post({ name: 'Anna', tags: ['a', 3] })).json()).toMatchObject({ statusCode: 400, field: 'tags.1' });
    expect((await post({ name: ' ' }, 'nope')).json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Id non valido.', field: 'id' });
  });

  it('validates a missing body as {} (naming the first required field) and a non-object body as invalid', async () => {
    expect((await post()).json()).toMatchObject({ statusCode: 400, field: 'name', message: 'Il nome è obbligatorio.' });
    const text = await app.inject({ method: 'POST', url: `/things/${ID}`, headers: { 'content-type': 'text/plain' }, payload: 'Anna' });
    expect(text.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT.errors.invalidBody });
  });

  it('refuses a NUL anywhere in the body first, naming its field, whatever the schema', async () => {
    expect((await post({ name: 'Anna', tags: ['ok', 'a\u0000b'] })).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: IT.errors.forbiddenCharacter,
      field: 'tags.1',
    });
  });

  it('answers 500 and reports it when the handler breaks its contract, never writing the broken answer', async () => {
    answered = { id: ID };
    const response = await post({ name: 'Anna' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: IT.errors.generic });
    expect(String(reported[0])).toMatch(/outside its contract/);
  });

  it('checks and writes a frozen value sent again once, and any other value each time', async () => {
    let checks = 0;
    const counted = z.object({ name: z.string().check(z.refine(() => ((checks += 1), true))) });
    const kept = Object.freeze({ name: 'Anna' });
    const other = Fastify();
    installZodCompilers(other);
    let next: { name: string } = kept;
    other.get('/kept', { schema: { response: { 200: counted } } }, async () => next);
    await other.ready();
    try {
      expect((await other.inject({ method: 'GET', url: '/kept' })).json()).toEqual({ name: 'Anna' });
      expect((await other.inject({ method: 'GET', url: '/kept' })).json()).toEqual({ name: 'Anna' });
      expect(checks).toBe(1);
      // Not frozen, so it may change between two answers: checked and written each time.
      const open = { name: 'Marco' };
      next = open;
      expect((await other.inject({ method: 'GET', url: '/kept' })).json()).toEqual({ name: 'Marco' });
      open.name = 'Mario';
      expect((await other.inject({ method: 'GET', url: '/kept' })).json()).toEqual({ name: 'Mario' });
      expect(checks).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('refuses a route schema that is not zod when the route is declared', async () => {
    const other = Fastify();
    installZodCompilers(other);
    other.post('/x', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(other.ready()).rejects.toThrow(/route schemas are zod schemas/);
    await other.close();
  });
});
