import { JOIN_REQUEST_STATUSES, canTransition, type JoinRequestStatus } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { HttpError } from '../src/http/http-error';
import { moveOrThrow } from '../src/lobby/moves';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

let t: LobbyTestApp;
let demoId: string;
let milano: string;
let consulenza: string;

beforeAll(async () => {
  t = await startLobbyApp();
  demoId = t.seeded.demoId;
  milano = t.seeded.store('Milano Centro');
  consulenza = t.seeded.room('Sala Consulenza');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** A fresh request put straight into `status`. */
async function requestIn(status: JoinRequestStatus, changes = {}): Promise<string> {
  const visitor = await t.visitor();
  const { request } = await visitor.send(milano, consulenza);
  await t.force(demoId, request.id, status, changes);
  return request.id;
}

const pairs = JOIN_REQUEST_STATUSES.flatMap((from) => JOIN_REQUEST_STATUSES.map((to) => [from, to] as const));

describe('the compare-and-set of every move', () => {
  it.each(pairs)('%s → %s moves exactly when the contract allows it, and an illegal move leaves the row untouched', async (from, to) => {
    const id = await requestIn(from);
    const before = await t.row(demoId, id);
    t.clock.advance(1000);
    const attempt = t.db.withTenant(demoId, (tx) => moveOrThrow(tx, demoId, { id, to, changes: { message: 'changed' }, now: t.clock.now() }));
    if (canTransition(from, to)) {
      const moved = await attempt;
      expect(moved.status).toBe(to);
      const after = await t.row(demoId, id);
      expect(after).toMatchObject({ status: to, message: 'changed', updatedAt: t.clock.now() });
    } else {
      const error = await attempt.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
      expect(await t.row(demoId, id)).toEqual(before);
    }
  });

  it('answers 404 for a request that does not exist and for one of another company', async () => {
    const id = await requestIn('pending');
    const missing = t.db.withTenant(demoId, (tx) =>
      moveOrThrow(tx, demoId, { id: '00000000-0000-4000-8000-000000000000', to: 'cancelled', now: t.clock.now() }),
    );
    await expect(missing).rejects.toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.requestNotFound });
    const acmeId = t.seeded.acmeId;
    const foreign = t.db.withTenant(acmeId, (tx) => moveOrThrow(tx, acmeId, { id, to: 'cancelled', now: t.clock.now() }));
    await expect(foreign).rejects.toMatchObject({ statusCode: 404 });
    expect((await t.row(demoId, id)).status).toBe('pending');
  });

  it('names a final request closed, and another illegal move by its two states', async () => {
    const closed = await requestIn('rejected');
    await expect(t.db.withTenant(demoId, (tx) => moveOrThrow(tx, demoId, { id: closed, to: 'approved', now: t.clock.now() }))).rejects.toMatchObject({
      statusCode: 409,
      message: IT_LOBBY.errors.requestClosed,
    });
    const waiting = await requestIn('verifying');
    await expect(t.db.withTenant(demoId, (tx) => moveOrThrow(tx, demoId, { id: waiting, to: 'joined', now: t.clock.now() }))).rejects.toMatchObject({
      statusCode: 409,
      message: IT_LOBBY.errors.illegalTransition('verifying', 'joined'),
    });
  });
});

describe('staff answers from every state', () => {
  const answers = [
    ['approve', 'approved'],
    ['reject', 'rejected'],
    ['busy', 'busy'],
  ] as const;
  const cases = JOIN_REQUEST_STATUSES.flatMap((from) => answers.map(([action, to]) => [from, action, to] as const));

  it.each(cases)('from %s, %s answers 200 only when the move is legal (409 and the row unchanged otherwise)', async (from, action, to) => {
    const staff = await t.staff();
    const id = await requestIn(from);
    const before = await t.row(demoId, id);
    t.notifier.take();
    const response = await staff.post(`/api/video-room/join-request/${id}/${action}`, action === 'approve' ? undefined : { message: 'Un momento' });
    if (canTransition(from, to)) {
      expect(response.statusCode).toBe(200);
      expect((await t.row(demoId, id)).status).toBe(to);
      expect(t.notifier.take()).toHaveLength(1);
    } else {
      expect(response.statusCode).toBe(409);
      expect(await t.row(demoId, id)).toEqual(before);
      expect(t.notifier.take()).toHaveLength(0);
    }
  });

  it('refuses a pending request whose phone is still to be proven: it is not in the queue yet', async () => {
    const staff = await t.staff();
    const id = await requestIn('pending', { verificationRequired: true });
    for (const [action] of answers) {
      const response = await staff.post(`/api/video-room/join-request/${id}/${action}`, { message: 'x' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(IT_LOBBY.errors.verificationRequired);
    }
    expect((await t.row(demoId, id)).status).toBe('pending');
  });
});
