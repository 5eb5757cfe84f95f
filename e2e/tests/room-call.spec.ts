import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { enterRoom, expectVideoFlowing, remoteCameraTiles, roomIdByName, staffContext, type StaffInRoom } from '../fixtures/rooms';

/** Two staff members of Demo in the same room, driven as two people would. */
test.describe.configure({ mode: 'serial' });

const ROOM = 'Sala Consulenza';
let anna: StaffInRoom;
let marco: StaffInRoom;
let roomId: string;

async function tokenOfNextJoin(page: Page): Promise<() => Promise<string>> {
  const response = page.waitForResponse((candidate) => /\/api\/video-room\/[^/]+\/join$/.test(candidate.url()));
  return async () => ((await (await response).json()) as { token: string }).token;
}

test.beforeAll(async ({ browser }) => {
  anna = await staffContext(browser, DEMO.url, DEMO.admin);
  marco = await staffContext(browser, DEMO.url, DEMO.operator);
  roomId = await roomIdByName(anna.page, ROOM);
});

test.afterAll(async () => {
  await anna?.context.close();
  await marco?.context.close();
});

test('two staff members see each other, chat, send a file and control their media', async () => {
  test.setTimeout(180_000);
  const { page: a } = anna;
  const { page: b } = marco;

  await test.step('both enter and see the other video moving', async () => {
    await enterRoom(a, DEMO.url, roomId);
    await enterRoom(b, DEMO.url, roomId);
    await expect(a.getByTestId('room-header')).toContainText(ROOM);
    await expect(a.getByTestId('room-size')).toHaveText(/2\s*\/\s*4/);
    await expect(remoteCameraTiles(a)).toHaveCount(1);
    await expect(remoteCameraTiles(b)).toHaveCount(1);
    await expectVideoFlowing(remoteCameraTiles(a).locator('video'));
    await expectVideoFlowing(remoteCameraTiles(b).locator('video'));
  });

  await test.step('chat both ways, with the unread count on the closed panel', async () => {
    await a.getByTestId('control-chat').click();
    await a.getByTestId('chat-input').fill('Buongiorno Marco');
    await a.getByTestId('chat-send').click();
    await expect(b.getByTestId('chat-unread')).toHaveText('1');
    await b.getByTestId('control-chat').click();
    await expect(b.getByTestId('chat-panel')).toContainText('Buongiorno Marco');
    await b.getByTestId('chat-input').fill('Ciao Anna, ti sento bene');
    await b.getByTestId('chat-input').press('Enter');
    await expect(a.getByTestId('chat-panel')).toContainText('Ciao Anna, ti sento bene');
  });

  await test.step('a file sent in the chat arrives as a link and downloads', async () => {
    const content = '%PDF-1.4\n% listino prezzi\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
    await a.getByTestId('chat-file-input').setInputFiles({ name: 'listino-prezzi.pdf', mimeType: 'application/pdf', buffer: Buffer.from(content) });
    const fileMessage = b.locator('[data-testid="chat-message"][data-kind="file"]', { hasText: 'listino-prezzi.pdf' });
    await expect(fileMessage).toBeVisible();
    const downloading = b.waitForEvent('download');
    await fileMessage.getByRole('link').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('listino-prezzi.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(content);
    await a.getByTestId('control-chat').click();
    await b.getByTestId('control-chat').click();
  });

  await test.step("'m' and 'v' on one side are seen on the other", async () => {
    const annaOnMarco = remoteCameraTiles(b);
    await a.locator('body').press('m');
    await expect(a.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'false');
    await expect(annaOnMarco).toHaveAttribute('data-muted', 'true');
    await a.locator('body').press('m');
    await expect(annaOnMarco).toHaveAttribute('data-muted', 'false');

    await a.locator('body').press('v');
    await expect(a.getByTestId('control-camera')).toHaveAttribute('aria-pressed', 'false');
    await expect(remoteCameraTiles(b)).toHaveCount(0);
    await expect(b.getByTestId('audio-only-list')).toBeVisible();
    await a.locator('body').press('v');
    await expect(remoteCameraTiles(b)).toHaveCount(1);
    await expectVideoFlowing(remoteCameraTiles(b).locator('video'));
  });

  await test.step('a screen share starts and stops on the other side', async () => {
    const screenOnMarco = b.locator('[data-testid="video-tile"][data-kind="screen"]');
    await a.getByTestId('control-screen').click();
    await expect(screenOnMarco).toHaveCount(1);
    await expect.poll(() => screenOnMarco.locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
    await a.getByTestId('control-screen').click();
    await expect(screenOnMarco).toHaveCount(0);
  });

  await test.step('blur on: the other side still receives moving video', async () => {
    await a.getByTestId('control-blur').click();
    await expect(a.getByTestId('control-blur')).toHaveAttribute('aria-pressed', 'true');
    await expect(remoteCameraTiles(b)).toHaveAttribute('data-blur', 'true');
    await expectVideoFlowing(remoteCameraTiles(b).locator('video'));
    await a.getByTestId('control-blur').click();
    await expect(a.getByTestId('control-blur')).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('staff mutes the other participant', async () => {
    await expect(b.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'true');
    await remoteCameraTiles(a).getByTestId('participant-mute').click();
    await expect(b.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'false');
    await expect(remoteCameraTiles(a)).toHaveAttribute('data-muted', 'true');
  });
});

test('kick removes the other, whose old token is refused; quitting shows the other leaving', async () => {
  test.setTimeout(120_000);
  const { page: a } = anna;
  const { page: b } = marco;
  await expect(remoteCameraTiles(a)).toHaveCount(1);

  // Marco's token: he rejoins to capture it (a staff member may always come back with a new join).
  const nextToken = await tokenOfNextJoin(b);
  await b.getByTestId('control-quit').click();
  await b
    .getByRole('dialog')
    .getByRole('button', { name: /Esci|Abbandona/ })
    .click();
  await expect(b.getByTestId('room-ended')).toBeVisible();
  await expect(remoteCameraTiles(a)).toHaveCount(0);
  await enterRoom(b, DEMO.url, roomId);
  const marcoToken = await nextToken();
  await expect(remoteCameraTiles(a)).toHaveCount(1);

  await remoteCameraTiles(a).getByTestId('participant-remove').click();
  await a.getByRole('dialog').getByRole('button', { name: 'Rimuovi' }).click();
  await expect(b.getByTestId('room-error')).toHaveAttribute('data-kind', 'removed');
  await expect(b.getByTestId('room-error')).toContainText('Ti hanno fatto uscire dalla stanza');
  await expect(remoteCameraTiles(a)).toHaveCount(0);

  const refusal = await b.evaluate(
    (token) =>
      new Promise<{ messages: string[]; code: number }>((resolve) => {
        const url = new URL('/api/realtime/room', location.origin);
        url.protocol = url.protocol.replace('http', 'ws');
        const socket = new WebSocket(url);
        const messages: string[] = [];
        socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', token }));
        socket.onmessage = (event) => messages.push(String(event.data));
        socket.onclose = (event) => resolve({ messages, code: event.code });
      }),
    marcoToken,
  );
  expect(refusal.code).toBe(4001);
  expect(refusal.messages.map((message) => JSON.parse(message) as { type: string; reason?: string })).toContainEqual({ type: 'bye', reason: 'unauthorized' });
});
