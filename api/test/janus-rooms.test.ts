import { JanusConnection, JanusError, VideoRoomHandle } from '../src/webinars/janus/janus-client';
import { JanusRooms } from '../src/webinars/janus/janus-rooms';
import { type LocalJanus } from '../src/webinars/janus/local-janus';
import { startTestJanus } from './helpers/janus';

/*
 * The Janus adapter's control plane against the real Janus of Debian's package (`.ci/run`
 * installs it), started with the project's configuration on 127.0.0.1: rooms created with the
 * plugin's admin key and destroyed only with their own secret, publisher tokens granted and
 * revoked, a session ended through the Admin API. No media flows here (no PeerConnection), so no
 * traffic leaves loopback; what carries media runs inside a network namespace of its own.
 */

const ADMIN_KEY = 'test-admin-key';
const ADMIN_SECRET = 'test-admin-secret';

let janus: LocalJanus;
let rooms: JanusRooms;

beforeAll(async () => {
  janus = await startTestJanus({ adminKey: ADMIN_KEY, adminSecret: ADMIN_SECRET }, '40000-40100');
  rooms = new JanusRooms({ url: janus.url, adminUrl: janus.adminUrl, adminKey: ADMIN_KEY, adminSecret: ADMIN_SECRET });
}, 30_000);
afterAll(() => janus?.stop());

const spec = (room: string) => ({
  room,
  description: 'Webinar di prova',
  secret: `secret-${room}`,
  pin: `pin-${room}`,
  publishers: 3,
  allowed: ['presenter-a'],
});

it('creates a room with the admin key and destroys it only with its own secret', async () => {
  await rooms.create(spec('w-1'));
  expect(await rooms.exists('w-1')).toBe(true);
  await expect(rooms.destroy('w-1', 'not-its-secret')).rejects.toMatchObject({ code: 433 });
  expect(await rooms.exists('w-1')).toBe(true);
  await rooms.destroy('w-1', 'secret-w-1');
  expect(await rooms.exists('w-1')).toBe(false);
});

it('refuses to create a room without the admin key', async () => {
  const wrong = new JanusRooms({ url: janus.url, adminUrl: janus.adminUrl, adminKey: 'guessed', adminSecret: ADMIN_SECRET });
  await expect(wrong.create(spec('w-2'))).rejects.toBeInstanceOf(JanusError);
  expect(await rooms.exists('w-2')).toBe(false);
});

it('grants and revokes publisher tokens with the room secret, and refuses them without it', async () => {
  await rooms.create(spec('w-3'));
  expect((await rooms.allow('w-3', 'secret-w-3', 'add', ['presenter-b'])).sort()).toEqual(['presenter-a', 'presenter-b']);
  expect(await rooms.allow('w-3', 'secret-w-3', 'remove', ['presenter-a'])).toEqual(['presenter-b']);
  await expect(rooms.allow('w-3', 'nope', 'add', ['intruder'])).rejects.toMatchObject({ code: 433 });
  await rooms.destroy('w-3', 'secret-w-3');
});

it('ends a session through the Admin API (how a viewer is removed): its handle answers no more', async () => {
  const viewer = await VideoRoomHandle.open(janus.url);
  expect(await rooms.sessions()).toContain(viewer.sessionId);
  await rooms.destroySession(viewer.sessionId);
  expect(await rooms.sessions()).not.toContain(viewer.sessionId);
  await expect(viewer.send({ request: 'exists', room: 'w-1' })).rejects.toThrow();
  await viewer.close();
});

it('ends the sessions holding a handle by its label (no other), and changes a room’s pin (the old one opens nothing)', async () => {
  const labelled = await VideoRoomHandle.open(janus.url, { opaqueId: 'incontra-webinar:w-5:seat-1' });
  const other = await VideoRoomHandle.open(janus.url, { opaqueId: 'incontra-webinar:w-5:seat-2' });
  try {
    expect(await rooms.endSessionsLabelled('nobody')).toEqual([]);
    expect(await rooms.endSessionsLabelled('incontra-webinar:w-5:seat-1')).toEqual([labelled.sessionId]);
    expect(await rooms.sessions()).not.toContain(labelled.sessionId);
    expect(await rooms.sessions()).toContain(other.sessionId);
    await rooms.create(spec('w-5'));
    await rooms.changePin('w-5', 'secret-w-5', 'new-pin');
    const join = (pin: string) => other.ask({ request: 'join', ptype: 'subscriber', room: 'w-5', pin, streams: [{ feed: 'none' }] });
    await expect(join('pin-w-5')).rejects.toMatchObject({ code: 433 });
    // The new pin passes the door: what fails then is the feed, which does not exist.
    await expect(join('new-pin')).rejects.not.toMatchObject({ code: 433 });
    await expect(rooms.changePin('w-5', 'not-its-secret', 'x')).rejects.toMatchObject({ code: 433 });
    await rooms.destroy('w-5', 'secret-w-5');
  } finally {
    await labelled.close();
    await other.close();
  }
});

it('refuses the Admin API without its secret', async () => {
  const admin = await JanusConnection.open(janus.adminUrl, { admin: true });
  try {
    await expect(admin.request({ janus: 'list_sessions', admin_secret: 'wrong' })).rejects.toBeInstanceOf(JanusError);
  } finally {
    admin.close();
  }
});
