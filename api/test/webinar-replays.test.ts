import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webinarReplaySchema } from '@incontra/contracts/api/webinar-replays';
import { createdWebinarRegistrationSchema, webinarJoinSchema, webinarSchema, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { type LocalJanus } from '../src/webinars/janus/local-janus';
import { mainStreams, makeReplay, roomRecordings } from '../src/webinars/replay/replay-processor';
import { REPLAY_ATTEMPTS, REPLAY_FIRST_ATTEMPT_DELAY_MS, REPLAY_LEASE_MS, REPLAY_RETRY_DELAYS_MS, sweepReplays } from '../src/webinars/replay/replay-sweep';
import { DiskUploadStore } from '../src/uploads/disk-upload-store';
import { janusEnv, startTestJanus } from './helpers/janus';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { silentLog } from './helpers/silent-log';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { LiveClient, webinarLiveUrl } from './helpers/webinar-live-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the description is sanitised by sanitize-html (ESM-only parser): see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

/*
 * A webinar's recording and replay on Janus: a presenter turns the recording on in the live session
 * (Janus' VideoRoom records; everyone is told), the end makes it due, the sweep makes one WebM of
 * the presenter's video and audio with the real janus-pp-rec and mkvmerge from recordings Janus
 * made (fixtures/replay: 2.5 s of Chromium's fake camera and microphone, recorded once in the test
 * network namespace), staff and registrants get signed links that expire, a byte range at a time,
 * the company deletes it. A replay that cannot be made is tried again with backoff, then failed.
 */

const SECRETS = { adminKey: 'replay-admin-key-0123456789', adminSecret: 'replay-admin-secret-0123456789' };
const MINUTE = 60_000;
const FIXTURES = path.join(__dirname, 'fixtures/replay');
const TOOLS = { janusPpRec: '/usr/bin/janus-pp-rec', mkvmerge: '/usr/bin/mkvmerge' };

let janus: LocalJanus;
let t: LobbyTestApp;
let recordings: string;
let admin: TestClient;
let adminId: string;

/** The fixture recordings, named as Janus names them for room `room`, into `folder`. */
function recordedFor(room: string, folder: string): void {
  for (const name of readdirSync(FIXTURES))
    copyFileSync(path.join(FIXTURES, name), path.join(folder, name.replace('videoroom-room-uuid-1-', `videoroom-${room}-`)));
}

/** A file's EBML document type (WebM or Matroska, read from its header) and the tracks mkvmerge finds, as `kind:codec`. */
function tracksOf(file: string): string[] {
  const header = readFileSync(file).subarray(0, 64);
  // DocType (0x4282), its size (0x84: four bytes), "webm".
  const webm = header.includes(Buffer.concat([Buffer.from('428284', 'hex'), Buffer.from('webm')]));
  const info = JSON.parse(execFileSync(TOOLS.mkvmerge, ['-J', file]).toString()) as { tracks: { type: string; codec: string }[] };
  return [webm ? 'WebM' : 'Matroska', ...info.tracks.map((track) => `${track.type}:${track.codec}`)];
}

beforeAll(async () => {
  recordings = mkdtempSync(path.join(tmpdir(), 'incontra-replay-recordings-'));
  janus = await startTestJanus(SECRETS, '40400-40500');
  t = await startLobbyApp({
    env: { ...janusEnv(janus, SECRETS), JANUS_RECORDINGS_DIR: recordings },
    rateLimits: { bookingsPerMinute: 100_000, manageCallsPerMinute: 100_000 },
  });
  admin = await t.staff('admin');
  adminId = await t.userId(t.seeded.demoId, 'admin');
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await janus?.stop();
  rmSync(recordings, { recursive: true, force: true });
});

const sweep = () => sweepReplays({ db: t.db, clock: t.clock.now, uploads: t.app.uploads, tools: { folder: recordings, ...TOOLS }, log: silentLog });

/** A webinar started ten minutes from now, live, with one registrant; the presenter's and the registrant's live sockets. */
async function liveWebinar(email: string) {
  // A fresh sign-in: a test before may have moved the clock past the session's idle limit.
  admin = await t.staff('admin');
  const created = await admin.post('/api/webinar', {
    storeId: t.seeded.store('Milano Centro'),
    title: 'Registrato',
    startsAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    durationMinutes: 30,
    capacity: 10,
    presenterIds: [adminId],
  });
  const webinar: Webinar = webinarSchema.parse(created.json());
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'published' })).statusCode).toBe(200);
  const visitor = new TestClient(t.app, 'demo.localhost', '10.77.0.1');
  await visitor.get('/api/me');
  const registration = createdWebinarRegistrationSchema.parse(
    (await visitor.post(`/api/webinar/${webinar.id}/reservation`, { firstName: 'Ada', lastName: 'Neri', email, privacyConsent: true })).json(),
  );
  const bearer = { authorization: `Bearer ${registration.token}` };
  const presenterJoin = webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json());
  const viewerJoin = webinarJoinSchema.parse((await visitor.get(`/api/webinar-reservation/${registration.registration.id}/join`, bearer)).json());
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'live' })).statusCode).toBe(200);
  const url = await webinarLiveUrl(t.app);
  const presenter = await LiveClient.enter(url, presenterJoin.token);
  const viewer = await LiveClient.enter(url, viewerJoin.token);
  return { webinar, visitor, registration, bearer, presenter, viewer };
}

/** A live webinar the presenter records, then ends: its replay due. */
async function recordedAndEnded(email: string): Promise<Webinar> {
  const { webinar, presenter, viewer } = await liveWebinar(email);
  presenter.client.send({ type: 'record', on: true });
  await presenter.client.next('recording');
  presenter.client.socket.terminate();
  viewer.client.socket.terminate();
  expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).statusCode).toBe(200);
  return webinar;
}

describe('making the replay', () => {
  it('makes one WebM of the presenter’s VP8 video and Opus audio from Janus’ recordings', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'incontra-replay-unit-'));
    const store = mkdtempSync(path.join(tmpdir(), 'incontra-replay-store-'));
    try {
      recordedFor('room-a', folder);
      // Another room's streams in the same folder are left alone.
      recordedFor('room-b', folder);
      const uploads = new DiskUploadStore(store);
      const made = await makeReplay({ folder, ...TOOLS }, uploads, 'room-a');
      expect(made.recordings.map((file) => path.basename(file)).sort()).toEqual(
        readdirSync(folder)
          .filter((name) => name.includes('room-a'))
          .sort(),
      );
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'incontra-replay-out-')), 'replay.webm');
      const chunks: Buffer[] = [];
      for await (const chunk of await uploads.open(made.key)) chunks.push(chunk as Buffer);
      writeFileSync(file, Buffer.concat(chunks));
      expect(made.bytes).toBe(Buffer.concat(chunks).length);
      expect(tracksOf(file)).toEqual(['WebM', 'video:VP8', 'audio:Opus']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(store, { recursive: true, force: true });
    }
  });

  it('takes the feed with the most video, with that feed’s audio', () => {
    const at = (feed: string, kind: 'audio' | 'video', bytes: number) => ({ file: `${feed}-${kind}`, feed, kind, bytes });
    expect(mainStreams([at('a', 'video', 10), at('b', 'video', 30), at('a', 'audio', 99), at('b', 'audio', 5)])).toEqual({
      video: at('b', 'video', 30),
      audio: at('b', 'audio', 5),
    });
    expect(mainStreams([at('a', 'audio', 9)])).toBeNull();
  });

  it('reads Janus’ own names of a room’s streams, dashes in the room and feed ids included', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'incontra-replay-names-'));
    try {
      recordedFor('5f0c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', folder);
      writeFileSync(path.join(folder, 'videoroom-5f0c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f-user-notes.txt'), 'x');
      const found = await roomRecordings(folder, '5f0c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f');
      expect(found.map((item) => [item.feed, item.kind])).toEqual(
        expect.arrayContaining([
          ['f340f675-eefc-4e02-b13e-449d0c0bddf8', 'audio'],
          ['f340f675-eefc-4e02-b13e-449d0c0bddf8', 'video'],
        ]),
      );
      expect(found).toHaveLength(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says which tool failed, in its own words', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'incontra-replay-fail-'));
    try {
      recordedFor('room-c', folder);
      await expect(makeReplay({ folder, janusPpRec: '/bin/false', mkvmerge: TOOLS.mkvmerge }, t.app.uploads, 'room-c')).rejects.toThrow(/false failed/);
      await expect(makeReplay({ folder, ...TOOLS }, t.app.uploads, 'no-such-room')).rejects.toThrow('no video was recorded');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the recording and the replay of a webinar', () => {
  it('records on a presenter’s word only, tells everyone, and makes the replay after the end: staff and the registrant watch it', async () => {
    const { webinar, visitor, registration, bearer, presenter, viewer } = await liveWebinar('ada.replay@example.com');
    try {
      expect(presenter.welcome).toMatchObject({ recording: false, recordable: true });
      viewer.client.send({ type: 'record', on: true });
      expect((await viewer.client.next('bad')).reason).toBe('forbidden');
      presenter.client.send({ type: 'record', on: true });
      expect((await viewer.client.next('recording')).on).toBe(true);
      expect((await presenter.client.next('recording')).on).toBe(true);
      const replay = () => admin.get(`/api/webinar/${webinar.id}/replay`);
      expect(webinarReplaySchema.parse((await replay()).json())).toMatchObject({ status: 'recording', watchUrl: null });
      // A socket opened now hears it in its welcome.
      const again = await LiveClient.enter(
        await webinarLiveUrl(t.app),
        webinarJoinSchema.parse((await admin.get(`/api/webinar/${webinar.id}/join`)).json()).token,
      );
      expect(again.welcome.recording).toBe(true);
      again.client.socket.terminate();

      expect((await admin.post(`/api/webinar/${webinar.id}`, { status: 'ended' })).statusCode).toBe(200);
      expect(webinarReplaySchema.parse((await replay()).json()).status).toBe('processing');
      recordedFor(webinar.id, recordings);
      // Not due before Janus has closed the room's files.
      expect(await sweep()).toBe(0);
      t.clock.advance(REPLAY_FIRST_ATTEMPT_DELAY_MS);
      expect(await sweep()).toBe(1);
      expect(readdirSync(recordings).filter((name) => name.includes(webinar.id))).toEqual([]);

      const ready = webinarReplaySchema.parse((await replay()).json());
      expect(ready).toMatchObject({ status: 'ready', bytes: expect.any(Number) });
      const watched = await visitor.get(ready.watchUrl!);
      expect([watched.statusCode, watched.headers['content-type'], watched.headers['accept-ranges']]).toEqual([200, 'video/webm', 'bytes']);
      expect(watched.rawPayload.length).toBe(ready.bytes);
      expect(watched.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      const part = await visitor.get(ready.watchUrl!, { range: 'bytes=4-103' });
      expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, `bytes 4-103/${ready.bytes}`, 100]);
      expect(part.rawPayload.equals(watched.rawPayload.subarray(4, 104))).toBe(true);
      expect((await visitor.get(ready.watchUrl!, { range: `bytes=${ready.bytes}-` })).statusCode).toBe(416);
      expect((await visitor.get(ready.downloadUrl!)).headers['content-disposition']).toBe('attachment; filename="webinar.webm"');

      const forRegistrant = webinarReplaySchema.parse((await visitor.get(`/api/webinar-reservation/${registration.registration.id}/replay`, bearer)).json());
      expect(forRegistrant.status).toBe('ready');
      expect((await visitor.get(`/api/webinar-reservation/${registration.registration.id}/replay`)).statusCode).toBe(401);

      // The link expires.
      t.clock.advance(7 * 60 * MINUTE);
      const expired = await visitor.get(ready.watchUrl!);
      expect([expired.statusCode, expired.json().message]).toEqual([404, IT_WEBINARS.replayNotFound]);
    } finally {
      presenter.client.socket.terminate();
      viewer.client.socket.terminate();
    }
  });

  it('is deleted by the company (its links stop working), not by an operator', async () => {
    const webinar = await recordedAndEnded('ugo.replay@example.com');
    recordedFor(webinar.id, recordings);
    t.clock.advance(REPLAY_FIRST_ATTEMPT_DELAY_MS);
    expect(await sweep()).toBe(1);
    const ready = webinarReplaySchema.parse((await admin.get(`/api/webinar/${webinar.id}/replay`)).json());

    const operator = await t.staff('operatore');
    expect((await operator.request('DELETE', `/api/webinar/${webinar.id}/replay`)).statusCode).toBe(403);
    const deleted = await admin.request('DELETE', `/api/webinar/${webinar.id}/replay`);
    expect(webinarReplaySchema.parse(deleted.json()).status).toBe('none');
    expect((await admin.get(ready.watchUrl!)).statusCode).toBe(404);
  });

  it('tries a replay that cannot be made again with backoff, once across two sweeps, then fails it', async () => {
    const webinar = await recordedAndEnded('eva.replay@example.com');
    // Janus' files never arrived: nothing to make it from.
    t.clock.advance(REPLAY_FIRST_ATTEMPT_DELAY_MS);
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first + second).toBe(0);
    const status = async () => webinarReplaySchema.parse((await admin.get(`/api/webinar/${webinar.id}/replay`)).json()).status;
    expect(await status()).toBe('processing');
    for (let attempt = 1; attempt < REPLAY_ATTEMPTS; attempt += 1) {
      // Not before its delay (the lease of the failed attempt was replaced by the retry's time).
      t.clock.advance(REPLAY_RETRY_DELAYS_MS[attempt - 1]! - 1);
      await sweep();
      expect(await status()).toBe('processing');
      t.clock.advance(1);
      await sweep();
    }
    expect(await status()).toBe('failed');
    expect(REPLAY_LEASE_MS).toBeGreaterThan(REPLAY_RETRY_DELAYS_MS[0]);
  });

  it('answers the same as an unknown webinar for another company’s, and a made-up link is a 404', async () => {
    const acme = await t.staff('admin', 'acme.localhost');
    const { webinar, presenter, viewer } = await liveWebinar('leo.replay@example.com');
    presenter.client.socket.terminate();
    viewer.client.socket.terminate();
    const other = await acme.get(`/api/webinar/${webinar.id}/replay`);
    expect([other.statusCode, other.json().message]).toEqual([404, IT_WEBINARS.notFound]);
    expect((await admin.get('/api/replay?token=not-a-token')).statusCode).toBe(404);
    expect((await admin.get(`/api/replay?token=${'x'.repeat(2000)}`)).statusCode).toBe(400);
    expect((await admin.get('/api/replay')).statusCode).toBe(400);
  });
});

describe('without a recordings folder', () => {
  it('says the webinar is not recorded here, and refuses a presenter’s recording', async () => {
    const plain = await startLobbyApp({
      env: janusEnv(janus, SECRETS),
    });
    try {
      const staff = await plain.staff('admin');
      const created = webinarSchema.parse(
        (
          await staff.post('/api/webinar', {
            storeId: plain.seeded.store('Milano Centro'),
            title: 'Non registrato',
            startsAt: new Date(plain.clock.now().getTime() + 10 * MINUTE).toISOString(),
            durationMinutes: 30,
            capacity: 5,
            presenterIds: [await plain.userId(plain.seeded.demoId, 'admin')],
          })
        ).json(),
      );
      expect(webinarReplaySchema.parse((await staff.get(`/api/webinar/${created.id}/replay`)).json()).status).toBe('unavailable');
      expect((await staff.post(`/api/webinar/${created.id}`, { status: 'published' })).statusCode).toBe(200);
      const join = webinarJoinSchema.parse((await staff.get(`/api/webinar/${created.id}/join`)).json());
      expect((await staff.post(`/api/webinar/${created.id}`, { status: 'live' })).statusCode).toBe(200);
      const { client, welcome } = await LiveClient.enter(await webinarLiveUrl(plain.app), join.token);
      expect(welcome.recordable).toBe(false);
      client.send({ type: 'record', on: true });
      expect((await client.next('bad')).reason).toBe('forbidden');
      client.socket.terminate();
    } finally {
      await plain.close();
    }
  });
});
