import { and, eq } from 'drizzle-orm';
import { roomTranslationsSchema } from '@incontra/contracts/api/stores';
import { TRANSLATION_CATALOGUE } from '@incontra/contracts/api/translations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { activityLog, roomTranslations } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * A room's own texts: saved per key and language (a second save replaces the first), reset to the
 * default, read back by anyone on the company's host. Admins write any room of their company,
 * operators the rooms of the stores they serve; any other room answers 404 as if absent.
 */

let t: LobbyTestApp;
let anna: TestClient;
let marco: TestClient;
let room: string;
let romaRoom: string;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 10_000 } });
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
  room = t.seeded.room('Sala Assistenza');
  romaRoom = t.seeded.room('Sala Roma');
}, START_TIMEOUT_MS);
afterEach(() => t.serveOnly(t.seeded.demoId, 'operatore', []));
afterAll(() => t.close());

const notFound = { statusCode: 404, error: 'Not Found', message: IT.errors.notFound };
const badRequest = (field: string, message: string) => ({ statusCode: 400, error: 'Bad Request', message, field });

async function publicTexts(roomId: string, host = 'demo.localhost') {
  const response = await new TestClient(t.app, host).get(`/api/room/${roomId}/translations`);
  expect(response.statusCode).toBe(200);
  return roomTranslationsSchema.parse(response.json());
}

function storedRows(roomId: string) {
  return t.db.asOwnerForTenant(t.seeded.demoId, (tx) => tx.select().from(roomTranslations).where(eq(roomTranslations.roomId, roomId)));
}

function translationActivity(companyId = t.seeded.demoId) {
  return t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select({ action: activityLog.action, entityId: activityLog.entityId, summary: activityLog.summary, userName: activityLog.userName })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), eq(activityLog.entityType, 'translation'))),
  );
}

describe('POST /api/room/{id}/translations/{lang}', () => {
  it('saves a text, trimmed, replaces it on a second save, records both, and the public read shows it', async () => {
    const before = await translationActivity();
    const first = await anna.post(`/api/room/${room}/translations/en`, { key: 'askName', label: '  Please enter your name.  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ key: 'askName', label: 'Please enter your name.', language: 'en' });

    const second = await anna.post(`/api/room/${room}/translations/en`, { key: 'askName', label: 'Your name, please.' });
    expect(second.statusCode).toBe(200);
    expect((await storedRows(room)).filter((row) => row.key === 'askName')).toEqual([expect.objectContaining({ language: 'en', label: 'Your name, please.' })]);
    expect(await publicTexts(room)).toContainEqual({ key: 'askName', label: 'Your name, please.', language: 'en' });

    const summary = IT_TRANSLATIONS.activity.saved(TRANSLATION_CATALOGUE.askName.description, 'inglese', 'Sala Assistenza');
    expect((await translationActivity()).slice(before.length)).toEqual([
      { action: 'update', entityId: room, summary, userName: 'Anna Rossi' },
      { action: 'update', entityId: room, summary, userName: 'Anna Rossi' },
    ]);
  });

  it('keeps one text per language: the Italian seed stays beside a new German one', async () => {
    expect((await anna.post(`/api/room/${room}/translations/de`, { key: 'title', label: 'Kundendienst' })).statusCode).toBe(200);
    const texts = await publicTexts(room);
    expect(texts).toContainEqual({ key: 'title', label: 'Assistenza clienti', language: 'it' });
    expect(texts).toContainEqual({ key: 'title', label: 'Kundendienst', language: 'de' });
  });

  it.each([
    ['no key', { label: 'Ciao' }, 'key', IT_TRANSLATIONS.validation.keyInvalid],
    ['a key outside the catalogue', { key: 'footer', label: 'Ciao' }, 'key', IT_TRANSLATIONS.validation.keyInvalid],
    ['no label', { key: 'title' }, 'label', IT_TRANSLATIONS.validation.labelInvalid],
    ['a blank label', { key: 'title', label: '   ' }, 'label', IT_TRANSLATIONS.validation.labelInvalid],
    ['a label over 500 characters', { key: 'title', label: 'a'.repeat(501) }, 'label', IT_TRANSLATIONS.validation.labelInvalid],
    ['a label that is not text', { key: 'title', label: 42 }, 'label', IT_TRANSLATIONS.validation.labelInvalid],
  ])('refuses %s with 400 naming the field, changing nothing', async (_case, body, field, message) => {
    const before = await storedRows(room);
    const response = await anna.post(`/api/room/${room}/translations/it`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest(field, message));
    expect(await storedRows(room)).toEqual(before);
  });

  it('accepts a label of exactly 500 characters', async () => {
    const response = await anna.post(`/api/room/${room}/translations/fr`, { key: 'book', label: 'é'.repeat(500) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a language outside the list with 400 naming lang', async () => {
    const response = await anna.post(`/api/room/${room}/translations/pt`, { key: 'title', label: 'Olá' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest('lang', IT_TRANSLATIONS.validation.languageInvalid));
  });

  it("answers 404 for another company's room, an unknown one and a malformed id, writing nothing", async () => {
    const acmeRoom = t.seeded.room('Sala Acme');
    const acmeBefore = await publicTexts(acmeRoom, 'acme.localhost');
    for (const id of [acmeRoom, '6f1c2b9e-0d5a-4a51-9a3e-2b8c1d7e4f60', 'not-a-room']) {
      const response = await anna.post(`/api/room/${id}/translations/en`, { key: 'title', label: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await publicTexts(acmeRoom, 'acme.localhost')).toEqual(acmeBefore);
    expect(await translationActivity(t.seeded.acmeId)).toEqual([]);
  });

  it('lets an operator write the rooms of the stores they serve, and answers 404 for the others', async () => {
    await t.serveOnly(t.seeded.demoId, 'operatore', [t.seeded.store('Roma Termini')]);
    const served = await marco.post(`/api/room/${romaRoom}/translations/es`, { key: 'join', label: 'Participa' });
    expect(served.statusCode).toBe(200);
    expect(await publicTexts(romaRoom)).toContainEqual({ key: 'join', label: 'Participa', language: 'es' });
    expect(await translationActivity()).toContainEqual(expect.objectContaining({ entityId: romaRoom, userName: 'Marco Bianchi' }));

    const other = await marco.post(`/api/room/${room}/translations/es`, { key: 'join', label: 'Participa' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(notFound);
    expect((await storedRows(room)).some((row) => row.language === 'es')).toBe(false);
  });

  it('answers 401 signed out, before looking at the body', async () => {
    const anonymous = new TestClient(t.app, 'demo.localhost');
    await anonymous.get('/api/me');
    const response = await anonymous.post(`/api/room/${room}/translations/en`, { key: 'nope' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/room/{id}/translations/{lang}/{key}', () => {
  it('brings the key back to its default for that language only, and records it', async () => {
    await anna.post(`/api/room/${room}/translations/en`, { key: 'waitingMessage', label: 'Please wait.' });
    const response = await anna.request('DELETE', `/api/room/${room}/translations/en/waitingMessage`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const texts = await publicTexts(room);
    expect(texts.find((row) => row.key === 'waitingMessage' && row.language === 'en')).toBeUndefined();
    expect(texts).toContainEqual({ key: 'waitingMessage', label: 'Una persona del nostro staff ti risponderà a breve.', language: 'it' });
    expect(await translationActivity()).toContainEqual({
      action: 'delete',
      entityId: room,
      summary: IT_TRANSLATIONS.activity.reset(TRANSLATION_CATALOGUE.waitingMessage.description, 'inglese', 'Sala Assistenza'),
      userName: 'Anna Rossi',
    });
  });

  it('records nothing when the key already shows its default', async () => {
    const before = await translationActivity();
    const response = await anna.request('DELETE', `/api/room/${room}/translations/es/bookingTitle`);
    expect(response.statusCode).toBe(200);
    expect(await translationActivity()).toEqual(before);
  });

  it('refuses an unknown key or language with 400 naming it', async () => {
    const key = await anna.request('DELETE', `/api/room/${room}/translations/it/footer`);
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(badRequest('key', IT_TRANSLATIONS.validation.keyInvalid));
    const lang = await anna.request('DELETE', `/api/room/${room}/translations/xx/title`);
    expect(lang.statusCode).toBe(400);
    expect(lang.json()).toEqual(badRequest('lang', IT_TRANSLATIONS.validation.languageInvalid));
  });

  it("answers 404 for another company's room and for an operator's unserved store, deleting nothing", async () => {
    const acmeRoom = t.seeded.room('Sala Acme');
    const acme = await anna.request('DELETE', `/api/room/${acmeRoom}/translations/it/title`);
    expect(acme.statusCode).toBe(404);
    expect(await publicTexts(acmeRoom, 'acme.localhost')).toContainEqual(expect.objectContaining({ key: 'title', language: 'it' }));

    await t.serveOnly(t.seeded.demoId, 'operatore', [t.seeded.store('Roma Termini')]);
    const unserved = await marco.request('DELETE', `/api/room/${room}/translations/it/title`);
    expect(unserved.statusCode).toBe(404);
    expect(await publicTexts(room)).toContainEqual({ key: 'title', label: 'Assistenza clienti', language: 'it' });

    const served = await marco.request('DELETE', `/api/room/${romaRoom}/translations/it/title`);
    expect(served.statusCode).toBe(200);
    expect((await publicTexts(romaRoom)).some((row) => row.key === 'title' && row.language === 'it')).toBe(false);
  });

  it('answers 401 signed out', async () => {
    const anonymous = new TestClient(t.app, 'demo.localhost');
    await anonymous.get('/api/me');
    expect((await anonymous.request('DELETE', `/api/room/${room}/translations/it/title`)).statusCode).toBe(401);
  });
});
