import { IT } from '@incontra/contracts/messages/it';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

const SEND_PER_MINUTE = 3;
const CALLS_PER_MINUTE = 5;

let t: LobbyTestApp;
beforeAll(async () => {
  t = await startLobbyApp({ env: { JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: String(SEND_PER_MINUTE), LOBBY_RATE_LIMIT_PER_MINUTE: String(CALLS_PER_MINUTE) } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const tooMany = { statusCode: 429, error: 'Too Many Requests', message: IT.errors.tooManyRequests };

describe('lobby rate limits per IP address', () => {
  it('allows config.lobby.sendPerMinute join requests from one address, then 429; another address is not affected', async () => {
    const visitor = await t.visitor();
    const store = t.seeded.store('Milano Centro');
    const room = t.seeded.room('Sala Consulenza');
    for (let sent = 0; sent < SEND_PER_MINUTE; sent += 1) await visitor.send(store, room);
    const limited = await visitor.browser.post(`/api/video-room/${store}/send-join-request`, { name: 'Giulia', room });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
    // Seconds until the minute's window lets the address in again.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    await (await t.visitor()).send(store, room);
  });

  it('limits the invitation and reservation sends the same way', async () => {
    const visitor = await t.visitor();
    for (const path of ['/api/video-room/invitation/send-join-request', '/api/video-room/reservation/00000000-0000-4000-8000-000000000000/send-join-request']) {
      for (let sent = 0; sent < SEND_PER_MINUTE; sent += 1) {
        expect((await visitor.browser.post(path, { code: 'ABCDEFGHJK', name: 'Giulia' })).statusCode).toBe(404);
      }
      expect((await visitor.browser.post(path, { code: 'ABCDEFGHJK', name: 'Giulia' })).json()).toEqual(tooMany);
    }
  });

  it("limits a visitor's other calls to config.lobby.visitorCallsPerMinute, the guest join included", async () => {
    const visitor = await t.visitor();
    await visitor.send(t.seeded.store('Milano Centro'), t.seeded.room('Sala Consulenza'));
    for (let call = 0; call < CALLS_PER_MINUTE; call += 1) expect((await visitor.call('')).statusCode).toBe(200);
    expect((await visitor.call('')).json()).toEqual(tooMany);
    const roomId = t.seeded.room('Sala Consulenza');
    const join = () => visitor.browser.post(`/api/video-room/${roomId}/join`, { joinRequestId: visitor.id }, { authorization: `Bearer ${visitor.token}` });
    for (let call = 0; call < CALLS_PER_MINUTE; call += 1) expect((await join()).statusCode).toBe(409);
    expect((await join()).json()).toEqual(tooMany);
    // Staff joins are not limited by it.
    const staff = await t.staff();
    for (let call = 0; call < CALLS_PER_MINUTE + 1; call += 1) expect((await staff.post(`/api/video-room/${roomId}/join`)).statusCode).toBe(200);
  });
});
