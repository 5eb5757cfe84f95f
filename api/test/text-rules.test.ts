import { sql } from 'drizzle-orm';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

let t: LobbyTestApp;
beforeAll(async () => {
  t = await startLobbyApp({
    extend: (app) => {
      // What a query that slipped past the body rules meets in the database.
      app.get('/api/test/nul-in-query', async () => t.db.withTenant(t.seeded.demoId, (tx) => tx.execute(sql`select ${'a\u0000b'}::text`)));
    },
  });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const NUL = 'An\u0000na';
const refused = (field: string) => ({ statusCode: 400, error: 'Bad Request', message: IT.errors.forbiddenCharacter, field });

describe('a NUL character in a JSON string', () => {
  it('is refused naming the field on sign-in and profile calls, and changes nothing', async () => {
    const staff = await t.staff();
    expect((await staff.post('/api/login', { company: 'demo', username: NUL, password: 'x' })).json()).toEqual(refused('username'));
    expect((await staff.put('/api/me', { email: 'admin@demo.incontra.local', firstName: NUL })).json()).toEqual(refused('firstName'));
    expect((await staff.put('/api/me', { email: 'admin@demo.incontra.local', lastName: NUL })).json()).toEqual(refused('lastName'));
    expect((await staff.get('/api/me')).json().firstName).not.toContain('\u0000');
  });

  it('is refused on the visitor calls and the staff messages', async () => {
    const store = t.seeded.store('Milano Centro');
    const room = t.seeded.room('Sala Consulenza');
    const visitor = await t.visitor();
    const send = await visitor.browser.post(`/api/video-room/${store}/send-join-request`, { name: NUL, room });
    expect(send.json()).toEqual(refused('name'));
    await visitor.send(store, room);
    const staff = await t.staff();
    expect((await staff.post(`/api/video-room/join-request/${visitor.id}/busy`, { message: NUL })).json()).toEqual(refused('message'));
    expect((await staff.post(`/api/video-room/join-request/${visitor.id}/reject`, { message: NUL })).json()).toEqual(refused('message'));
    expect((await t.row(t.seeded.demoId, visitor.id)).status).toBe('pending');
    expect((await staff.post('/api/bo/invitations', { room, name: NUL })).json()).toEqual(refused('name'));
    const guest = await t.visitor();
    const invitation = await guest.browser.post('/api/video-room/invitation/send-join-request', { code: 'ABC\u0000DEF', name: 'Giulia' });
    expect(invitation.json()).toEqual(refused('code'));
    const nested = await guest.browser.post('/api/video-room/invitation/send-join-request', { code: 'ABCDEF', name: 'Giulia', extra: [{ x: NUL }] });
    expect(nested.json()).toEqual(refused('extra.0.x'));
  });

  it('met in the database anyway is a 400, not a server error', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/test/nul-in-query', headers: { host: 'demo.localhost' } });
    expect(answer.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT.errors.forbiddenCharacter });
    expect(t.reporter.captured).toHaveLength(0);
  });
});

describe('a lone UTF-16 surrogate in a JSON string', () => {
  const HALF = 'Anna \ud83d';
  it('is refused naming the field on any route, visitor or staff, key or value, and changes nothing', async () => {
    const staff = await t.staff();
    const me = (await staff.get('/api/me')).json();
    expect((await staff.post('/api/login', { company: 'demo', username: HALF, password: 'x' })).json()).toEqual(refused('username'));
    expect((await staff.put('/api/me', { email: 'admin@demo.incontra.local', firstName: HALF })).json()).toEqual(refused('firstName'));
    expect((await staff.post('/api/store', { name: 'Nuovo \udc00negozio' })).json()).toEqual(refused('name'));
    expect((await staff.get('/api/me')).json()).toEqual(me);
    const visitor = await t.visitor();
    const store = t.seeded.store('Milano Centro');
    const room = t.seeded.room('Sala Consulenza');
    // A visitor's name has its own rule, which says more: its message speaks (see lobby-visitor-names).
    expect((await visitor.browser.post(`/api/video-room/${store}/send-join-request`, { name: HALF, room })).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: IT_LOBBY.visitor.nameCharacters,
      field: 'name',
    });
    const keyed = await visitor.browser.post('/api/video-room/invitation/send-join-request', { code: 'ABCDEF', name: 'Giulia', extra: { ['\udfff']: 1 } });
    expect(keyed.json()).toEqual(refused('extra.\udfff'));
    expect(t.reporter.captured).toHaveLength(0);
  });
});

describe('sign-in fields', () => {
  it.each([
    ['username', { company: 'demo', username: 'a'.repeat(200_000), password: 'x' }, IT.validation.textTooLong],
    ['company', { company: 'd'.repeat(101), username: 'admin', password: 'x' }, IT.validation.textTooLong],
    ['password', { company: 'demo', username: 'admin', password: 'p'.repeat(201) }, IT.validation.passwordTooLong],
  ])('refuse an overlong %s with a 400 naming it (a 200,000-character name was a 500)', async (field, body, message) => {
    const staff = await t.visitor();
    expect((await staff.browser.post('/api/login', body)).json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
  });
});
