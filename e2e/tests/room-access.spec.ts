import { expect, test, type Page } from '@playwright/test';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { ACME, DEMO } from '../fixtures/tenants';
import { roomIdByName, staffContext } from '../fixtures/rooms';

/** What a page's own fetch answers: the apps' way of calling the API, CSRF header included. */
async function postFromPage(page: Page, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async (url) => {
    const csrf = /(?:^|; )incontra_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch(url, { method: 'POST', headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, path);
}

/**
 * Opens the signalling socket from the page, says hello, and reports what came back: until the
 * welcome (the socket then stays open, holding its place) or until the socket closed.
 */
async function helloFromPage(page: Page, token: string) {
  return page.evaluate(
    (token) =>
      new Promise<{ messages: { type: string; reason?: string }[]; closeCode: number | null }>((resolve) => {
        const url = new URL('/api/realtime/room', location.origin);
        url.protocol = url.protocol.replace('http', 'ws');
        const socket = new WebSocket(url);
        const messages: { type: string; reason?: string }[] = [];
        socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', token }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          messages.push(message);
          if (message.type === 'welcome') resolve({ messages, closeCode: null });
        };
        socket.onclose = (event) => resolve({ messages, closeCode: event.code });
        (window as unknown as { __sockets?: WebSocket[] }).__sockets = [...((window as unknown as { __sockets?: WebSocket[] }).__sockets ?? []), socket];
      }),
    token,
  );
}

test('staff of another company cannot join a Demo room: 404', async ({ browser }) => {
  const demo = await staffContext(browser, DEMO.url, DEMO.admin);
  const demoRoomId = await roomIdByName(demo.page, 'Sala Consulenza');
  await demo.context.close();

  const acme = await staffContext(browser, ACME.url, ACME.admin);
  const answer = await postFromPage(acme.page, `/api/video-room/${demoRoomId}/join`);
  expect(answer.status).toBe(404);
  expect(answer.body).not.toHaveProperty('token');
  await acme.context.close();
});

test('signalling refuses forged tokens and the room refuses joins beyond its maximum', async ({ browser }) => {
  const demo = await staffContext(browser, DEMO.url, DEMO.admin);
  const page = demo.page;

  const joined = await postFromPage(page, `/api/video-room/${await roomIdByName(page, 'Sala Consulenza')}/join`);
  expect(joined.status).toBe(200);
  const genuine = String(joined.body.token);
  const [header, payload] = genuine.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const longer = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86_400 })).toString('base64url');
  const forgedExpiry = `${header}.${longer}.${genuine.split('.')[2]}`;
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

  for (const token of [forgedExpiry, unsigned, 'not-a-token']) {
    const refused = await helloFromPage(page, token);
    expect(refused.closeCode).toBe(4001);
    expect(refused.messages).toContainEqual({ type: 'bye', reason: 'unauthorized' });
  }

  // Sala Assistenza holds two: two live participants, then the third join is refused with the reason.
  const smallRoom = await roomIdByName(page, 'Sala Assistenza');
  for (let seat = 0; seat < 2; seat += 1) {
    const seatJoin = await postFromPage(page, `/api/video-room/${smallRoom}/join`);
    expect(seatJoin.status).toBe(200);
    const entered = await helloFromPage(page, String(seatJoin.body.token));
    expect(entered).toMatchObject({ messages: [{ type: 'welcome' }], closeCode: null });
  }
  const full = await postFromPage(page, `/api/video-room/${smallRoom}/join`);
  expect(full.status).toBe(409);
  expect(full.body.message).toBe(IT_VIDEO_ROOM.roomFull(2));
  await demo.context.close();
});
