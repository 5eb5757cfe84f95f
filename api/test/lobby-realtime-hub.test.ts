import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { lobbyChannelOf, type LobbyEvent, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { LobbyHub, type LobbyEndpoint } from '../src/lobby-realtime/lobby-hub';
import { PubSubLobbyNotifier } from '../src/lobby-realtime/notifier';
import { InProcessPubSub } from '../src/realtime/in-process-pubsub';
import { FakeLobbyAccess, joinRequestEvent } from './helpers/lobby-socket';
import { until } from './helpers/until';

/* The hub alone: fake sockets, the in-process pub/sub, the join-request service faked. */
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args), error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

class FakeSocket implements LobbyEndpoint {
  readonly messages: ServerLobbyMessage[] = [];
  closedWith: number | null = null;

  /** Records even after close: the hub must not write to a socket it closed. */
  send(message: ServerLobbyMessage): void {
    this.messages.push(message);
  }

  close(code: number): void {
    this.closedWith = code;
  }

  take(): ServerLobbyMessage[] {
    return this.messages.splice(0);
  }
}

/** The in-process pub/sub, told by the test that its subscriptions came back from a loss. */
class ResubscribingPubSub extends InProcessPubSub {
  private readonly listeners = new Set<() => void>();

  override onResubscribed(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  resubscribed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Lets in-process deliveries (microtasks) and the fake's reads happen. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

const ACME = randomUUID();
const DEMO = randomUUID();
const MILANO = randomUUID();
const ROMA = randomUUID();
const ANNA = randomUUID();
const MARCO = randomUUID();

let pubsub: ResubscribingPubSub;
let access: FakeLobbyAccess;
let hub: LobbyHub;
let notifier: PubSubLobbyNotifier;

beforeEach(() => {
  pubsub = new ResubscribingPubSub(log);
  access = new FakeLobbyAccess();
  hub = new LobbyHub({ pubsub, access, log, seenIntervalMs: 20 });
  notifier = new PubSubLobbyNotifier({ pubsub, log });
  warnings.length = 0;
});
afterEach(async () => {
  hub.shutdown();
  await pubsub.close();
});

/** The calls of the hub's next report (one tick makes all of them at once). */
async function nextReport(): Promise<FakeLobbyAccess['seen']> {
  access.seen.length = 0;
  await until(() => access.seen.length > 0, "the hub's report", 2000);
  return access.seen.splice(0);
}

async function announce(...events: LobbyEvent[]): Promise<void> {
  for (const event of events) await notifier.changed(event);
  await flush();
}

describe('the lobby hub, for staff', () => {
  it('sends the queue, then the changes of the stores each member serves', async () => {
    const waiting = joinRequestEvent({ companyId: DEMO, storeId: MILANO }).request;
    access.setQueue(DEMO, ANNA, [waiting], new Set([MILANO]));
    access.setQueue(DEMO, MARCO, [waiting], null);
    const anna = new FakeSocket();
    const marco = new FakeSocket();
    const acme = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, anna);
    await hub.joinStaff(DEMO, MARCO, marco);
    await hub.joinStaff(ACME, ANNA, acme);
    expect(anna.take()).toEqual([{ type: 'queue', requests: [waiting] }]);
    expect(marco.take()).toEqual([{ type: 'queue', requests: [waiting] }]);
    expect(acme.take()).toEqual([{ type: 'queue', requests: [] }]);

    const milano = joinRequestEvent({ companyId: DEMO, storeId: MILANO });
    const roma = joinRequestEvent({ companyId: DEMO, storeId: ROMA });
    await announce(milano, roma);
    expect(anna.take()).toEqual([{ type: 'request', request: milano.request }]);
    expect(marco.take()).toEqual([
      { type: 'request', request: milano.request },
      { type: 'request', request: roma.request },
    ]);
    expect(acme.take()).toEqual([]);
  });

  it('keeps from staff a request whose phone is still to be proven, until it is', async () => {
    const socket = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, socket);
    socket.take();
    const unproven = joinRequestEvent({ companyId: DEMO, verificationRequired: true });
    const verifying = joinRequestEvent({ companyId: DEMO, id: unproven.request.id, status: 'verifying', verificationRequired: true });
    const verified = joinRequestEvent({ companyId: DEMO, id: unproven.request.id, status: 'verified' });
    await announce(unproven, verifying, verified);
    expect(socket.take()).toEqual([{ type: 'request', request: verified.request }]);
  });

  it('listens to a company channel once while its sockets are open, and leaves it with the last', async () => {
    const first = await hub.joinStaff(DEMO, ANNA, new FakeSocket());
    const second = await hub.joinStaff(DEMO, MARCO, new FakeSocket());
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([1, 1, 2]);
    first.leave();
    first.leave();
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([1, 1, 1]);
    second.leave();
    await flush();
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([0, 0, 0]);
  });

  it('sends what changed while the queue was being read after the queue, in order', async () => {
    const socket = new FakeSocket();
    const release = access.hold();
    const joining = hub.joinStaff(DEMO, ANNA, socket);
    await flush();
    const first = joinRequestEvent({ companyId: DEMO });
    const second = joinRequestEvent({ companyId: DEMO, id: first.request.id, status: 'busy', message: 'Un attimo' });
    await announce(first, second);
    expect(socket.take()).toEqual([]);
    release();
    await joining;
    expect(socket.take()).toEqual([
      { type: 'queue', requests: [] },
      { type: 'request', request: first.request },
      { type: 'request', request: second.request },
    ]);
  });

  it('leaves nothing behind when the queue cannot be read', async () => {
    access.failure = new Error('database down');
    const socket = new FakeSocket();
    await expect(hub.joinStaff(DEMO, ANNA, socket)).rejects.toThrow('database down');
    await flush();
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([0, 0, 0]);
    expect(socket.take()).toEqual([]);
  });

  it('drops what is not a valid event of the channel company, and goes on', async () => {
    const socket = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, socket);
    socket.take();
    const valid = joinRequestEvent({ companyId: DEMO });
    const { request: _dropped, ...withoutRequest } = valid;
    for (const garbage of ['{not json', JSON.stringify(withoutRequest), JSON.stringify(joinRequestEvent({ companyId: ACME }))]) {
      await pubsub.publish(lobbyChannelOf(DEMO), garbage);
    }
    await announce(valid);
    expect(socket.take()).toEqual([{ type: 'request', request: valid.request }]);
    expect(warnings).toHaveLength(3);
  });
});

describe('the lobby hub, for visitors', () => {
  it('sends the own request status first, then its changes only, to every socket of it', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    const other = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'other');
    const tab = new FakeSocket();
    const secondTab = new FakeSocket();
    const stranger = new FakeSocket();
    expect(await hub.joinVisitor(DEMO, mine.request.id, 'mine', tab)).not.toBeNull();
    expect(await hub.joinVisitor(DEMO, mine.request.id, 'mine', secondTab)).not.toBeNull();
    expect(await hub.joinVisitor(DEMO, other.request.id, 'other', stranger)).not.toBeNull();
    expect(tab.take()).toEqual([{ type: 'status', request: mine.visitor }]);
    expect(secondTab.take()).toEqual([{ type: 'status', request: mine.visitor }]);
    stranger.take();

    const busy = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'busy', message: 'Un attimo' });
    await announce(busy);
    expect(tab.take()).toEqual([{ type: 'status', request: busy.visitor }]);
    expect(secondTab.take()).toEqual([{ type: 'status', request: busy.visitor }]);
    expect(stranger.take()).toEqual([]);
  });

  it('refuses a wrong token, an unknown request and another company request alike', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    for (const [companyId, id, token] of [
      [DEMO, mine.request.id, 'wrong'],
      [DEMO, randomUUID(), 'mine'],
      [ACME, mine.request.id, 'mine'],
    ] as const) {
      const socket = new FakeSocket();
      expect(await hub.joinVisitor(companyId, id, token, socket)).toBeNull();
      expect(socket.take()).toEqual([]);
    }
    await flush();
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([0, 0, 0]);
  });

  it('ends with a final status: the status, bye closed, 4004, and the socket leaves', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    const tab = new FakeSocket();
    await hub.joinVisitor(DEMO, mine.request.id, 'mine', tab);
    tab.take();
    const rejected = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'rejected', message: 'Siamo chiusi' });
    await announce(rejected);
    expect(tab.take()).toEqual([
      { type: 'status', request: rejected.visitor },
      { type: 'bye', reason: 'closed' },
    ]);
    expect(tab.closedWith).toBe(4004);
    expect(hub.socketCount()).toBe(0);
  });

  it('closes at once a socket whose request is already over', async () => {
    const over = access.addRequest(joinRequestEvent({ companyId: DEMO, status: 'expired' }), 'mine');
    const tab = new FakeSocket();
    await hub.joinVisitor(DEMO, over.request.id, 'mine', tab);
    expect(tab.take()).toEqual([
      { type: 'status', request: over.visitor },
      { type: 'bye', reason: 'closed' },
    ]);
    expect(tab.closedWith).toBe(4004);
    expect(hub.socketCount()).toBe(0);
  });

  it('sends what changed while the status was being read after it, and stops at a final one', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    const tab = new FakeSocket();
    const release = access.hold();
    const joining = hub.joinVisitor(DEMO, mine.request.id, 'mine', tab);
    await flush();
    const busy = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'busy' });
    const cancelled = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'cancelled' });
    const after = joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'expired' });
    await announce(busy, cancelled, after);
    release();
    await joining;
    expect(tab.take()).toEqual([
      { type: 'status', request: mine.visitor },
      { type: 'status', request: busy.visitor },
      { type: 'status', request: cancelled.visitor },
      { type: 'bye', reason: 'closed' },
    ]);
  });

  it('reports the visitors of open sockets alive, one call per company', async () => {
    const first = access.addRequest(joinRequestEvent({ companyId: DEMO }), 't');
    const second = access.addRequest(joinRequestEvent({ companyId: DEMO }), 't');
    const elsewhere = access.addRequest(joinRequestEvent({ companyId: ACME }), 't');
    const firstTab = await hub.joinVisitor(DEMO, first.request.id, 't', new FakeSocket());
    await hub.joinVisitor(DEMO, first.request.id, 't', new FakeSocket());
    const secondTab = await hub.joinVisitor(DEMO, second.request.id, 't', new FakeSocket());
    await hub.joinVisitor(ACME, elsewhere.request.id, 't', new FakeSocket());
    await hub.joinVisitor(DEMO, randomUUID(), 'wrong', new FakeSocket());
    await hub.joinStaff(DEMO, ANNA, new FakeSocket());
    expect(await nextReport()).toEqual([
      { companyId: DEMO, ids: [first.request.id, second.request.id].sort() },
      { companyId: ACME, ids: [elsewhere.request.id] },
    ]);

    // The first visitor still has a tab open; the second has none left.
    firstTab!.leave();
    secondTab!.leave();
    expect(await nextReport()).toEqual([
      { companyId: DEMO, ids: [first.request.id] },
      { companyId: ACME, ids: [elsewhere.request.id] },
    ]);
  });
});

describe('the lobby hub, when the pub/sub says messages may have been lost', () => {
  it('sends every staff socket its queue and every visitor its status afresh, stores read again', async () => {
    const mine = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    access.setQueue(DEMO, ANNA, [], new Set([MILANO]));
    const anna = new FakeSocket();
    const tab = new FakeSocket();
    const acme = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, anna);
    await hub.joinVisitor(DEMO, mine.request.id, 'mine', tab);
    await hub.joinStaff(ACME, MARCO, acme);
    for (const socket of [anna, tab, acme]) socket.take();

    // What changed while the messages were lost, as the service reads it now.
    const waiting = joinRequestEvent({ companyId: DEMO, storeId: ROMA }).request;
    access.setQueue(DEMO, ANNA, [waiting], new Set([ROMA]));
    const busy = access.addRequest(joinRequestEvent({ companyId: DEMO, id: mine.request.id, status: 'busy', message: 'Un attimo' }), 'mine');
    pubsub.resubscribed();
    await flush();
    expect(anna.take()).toEqual([{ type: 'queue', requests: [waiting] }]);
    expect(tab.take()).toEqual([{ type: 'status', request: busy.visitor }]);
    expect(acme.take()).toEqual([{ type: 'queue', requests: [] }]);

    // Later events are filtered by the stores read afresh.
    const milano = joinRequestEvent({ companyId: DEMO, storeId: MILANO });
    const roma = joinRequestEvent({ companyId: DEMO, storeId: ROMA });
    await announce(milano, roma);
    expect(anna.take()).toEqual([{ type: 'request', request: roma.request }]);
  });

  it('sends what changed during the new read after it, and reads again a first answer that may predate the loss', async () => {
    const anna = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, anna);
    anna.take();
    let release = access.hold();
    pubsub.resubscribed();
    await flush();
    const change = joinRequestEvent({ companyId: DEMO });
    await announce(change);
    expect(anna.take()).toEqual([]);
    release();
    await flush();
    expect(anna.take()).toEqual([
      { type: 'queue', requests: [] },
      { type: 'request', request: change.request },
    ]);

    // Told while its first queue is being read: that queue goes out, then a fresh one.
    const marco = new FakeSocket();
    release = access.hold();
    const joining = hub.joinStaff(DEMO, MARCO, marco);
    await flush();
    pubsub.resubscribed();
    release();
    await joining;
    await flush();
    expect(marco.take()).toEqual([
      { type: 'queue', requests: [] },
      { type: 'queue', requests: [] },
    ]);
    expect(anna.take()).toEqual([{ type: 'queue', requests: [] }]);
  });

  it('ends a socket whose state is final by now, no longer opened by its token, or not readable', async () => {
    const over = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'over');
    const gone = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'gone');
    const finished = new FakeSocket();
    const refused = new FakeSocket();
    await hub.joinVisitor(DEMO, over.request.id, 'over', finished);
    await hub.joinVisitor(DEMO, gone.request.id, 'gone', refused);
    const expired = access.addRequest(joinRequestEvent({ companyId: DEMO, id: over.request.id, status: 'expired' }), 'over');
    access.requests.delete(gone.request.id);
    finished.take();
    refused.take();
    pubsub.resubscribed();
    await flush();
    expect(finished.take()).toEqual([
      { type: 'status', request: expired.visitor },
      { type: 'bye', reason: 'closed' },
    ]);
    expect(finished.closedWith).toBe(4004);
    expect(refused.take()).toEqual([{ type: 'bye', reason: 'unauthorized' }]);
    expect(refused.closedWith).toBe(4001);
    expect(hub.socketCount()).toBe(0);

    // A database that fails now: closed as a server failure, the client reconnects and reads then.
    const waiting = access.addRequest(joinRequestEvent({ companyId: DEMO }), 'mine');
    const staff = new FakeSocket();
    const tab = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, staff);
    await hub.joinVisitor(DEMO, waiting.request.id, 'mine', tab);
    staff.take();
    tab.take();
    access.failure = new Error('database down');
    pubsub.resubscribed();
    await flush();
    expect([staff.closedWith, tab.closedWith]).toEqual([1011, 1011]);
    expect([...staff.take(), ...tab.take()]).toEqual([]);
    await flush();
    expect([hub.companyCount(), pubsub.channelCount(), hub.socketCount()]).toEqual([0, 0, 0]);
  });

  it('stops listening when shut down', async () => {
    const anna = new FakeSocket();
    await hub.joinStaff(DEMO, ANNA, anna);
    anna.take();
    hub.shutdown();
    pubsub.resubscribed();
    await flush();
    expect(anna.take()).toEqual([]);
  });
});
