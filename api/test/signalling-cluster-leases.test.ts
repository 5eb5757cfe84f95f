import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Peer } from '@incontra/contracts/realtime/signalling';
import { ClusterSignalling } from '../src/signalling/cluster-signalling';
import { RedisPubSub } from '../src/realtime/redis-pubsub';
import { RedisRoomOwnership } from '../src/signalling/redis-room-ownership';
import type { GoneReason, RoomKey } from '../src/signalling/signalling-hub';
import { REDIS_URL } from './helpers/cluster-apps';
import { FakeEndpoint } from './helpers/fake-signalling-endpoint';
import { silentLog } from './helpers/silent-log';
import { until } from './helpers/until';

/*
 * The rooms of two processes, without sockets or HTTP: what happens when one of them stops
 * without a goodbye (its leases lapse), or loses a room to another, and who tells the app that
 * a member is gone.
 */
const LEASE_MS = 400;

interface Process {
  rooms: ClusterSignalling;
  redis: Redis;
  pubsub: RedisPubSub;
  gone: [RoomKey, string, GoneReason][];
  processId: string;
}

const keyPrefix = `incontra-test-${randomBytes(6).toString('hex')}:`;
const started: Process[] = [];
let observer: Redis;

async function startProcess(): Promise<Process> {
  const redis = new Redis(REDIS_URL);
  const ownership = new RedisRoomOwnership({ redis, log: silentLog, keyPrefix, leaseMs: LEASE_MS, cacheMs: 1000 });
  await ownership.start();
  const pubsub = new RedisPubSub({ url: REDIS_URL, log: silentLog });
  const gone: Process['gone'] = [];
  const rooms = await ClusterSignalling.start({
    log: silentLog,
    graceMs: 0,
    ownership,
    pubsub,
    onMemberGone: (room, identity, reason) => void gone.push([room, identity, reason]),
    timing: { answerTimeoutMs: 1000, watchMs: 50 },
  });
  const node = { rooms, redis, pubsub, gone, processId: ownership.processId };
  started.push(node);
  return node;
}

/** A process stopping without a goodbye: no more leases renewed, nothing heard on its channel. */
async function crash(node: Process): Promise<void> {
  node.redis.disconnect();
  await node.pubsub.close();
}

let counter = 0;
function newRoom(): RoomKey {
  counter += 1;
  return { companyId: 'c0000000-0000-4000-8000-000000000001', roomId: `room-${counter}` };
}
const peer = (name: string): Peer => ({ identity: `guest-${name}`, displayName: name, role: 'guest' });
const ownerKey = (room: RoomKey) => `${keyPrefix}room-owner:${room.companyId}/${room.roomId}`;

beforeAll(() => {
  observer = new Redis(REDIS_URL);
});
afterEach(async () => {
  await Promise.all(
    started.splice(0).map(async ({ rooms, pubsub }) => {
      await rooms.shutdown();
      await pubsub.close();
    }),
  );
});
afterAll(() => observer.quit());

/** Anna on the first process (its owner), Marco bridged from the second; both welcomed. */
async function twoProcessesOneRoom() {
  const [owner, bridge] = [await startProcess(), await startProcess()];
  const room = newRoom();
  const anna = new FakeEndpoint();
  const marco = new FakeEndpoint();
  expect(await owner.rooms.join(room, peer('anna'), anna, null)).toBe('joined');
  expect(await bridge.rooms.join(room, peer('marco'), marco, null)).toBe('joined');
  await until(() => anna.received.length === 2, 'anna sees marco');
  expect(marco.received).toEqual([{ type: 'welcome', self: peer('marco'), peers: [peer('anna')] }]);
  expect(await observer.get(ownerKey(room))).toBe(owner.processId);
  return { owner, bridge, room, anna, marco };
}

describe('rooms shared by processes through leases', () => {
  it('tells the app on the owning process only, once per member gone: left, kicked from elsewhere, lost', async () => {
    const { owner, bridge, room, anna, marco } = await twoProcessesOneRoom();
    const carla = new FakeEndpoint();
    await bridge.rooms.join(room, peer('carla'), carla, null);
    expect(await bridge.rooms.presence(room.companyId, room.roomId)).toBe(3);
    expect(await bridge.rooms.isMember(room.companyId, room.roomId, 'guest-anna')).toBe(true);

    bridge.rooms.leave(room, 'guest-marco', marco, 'left');
    expect(await bridge.rooms.kick(room.companyId, room.roomId, 'guest-anna')).toBe(true);
    expect(anna.closedWith).toBe(4003);
    await until(() => carla.closedWith === null && carla.received.filter((message) => message.type === 'peer-left').length === 2, 'carla told');
    bridge.rooms.leave(room, 'guest-carla', carla, 'lost');
    await until(() => owner.gone.length === 3, 'three gone');
    expect(owner.gone).toEqual([
      [room, 'guest-marco', 'left'],
      [room, 'guest-anna', 'kicked'],
      [room, 'guest-carla', 'lost'],
    ]);
    expect(bridge.gone).toEqual([]);
    // Empty: given up, and asked anew nobody runs it.
    await until(async () => (await observer.get(ownerKey(room))) === null, 'the room is given up');
    expect(await bridge.rooms.presence(room.companyId, room.roomId)).toBe(0);
  });

  it('closes the bridged sockets once a crashed owner’s lease lapses, and the next join runs the room there', async () => {
    const { owner, bridge, room, marco } = await twoProcessesOneRoom();
    await crash(owner);
    await until(() => marco.closedWith !== null, 'marco closed', LEASE_MS * 5);
    expect(marco.closedWith).toBe(1012);
    // Nobody runs the room now: asked, not the crashed owner, but nobody.
    expect(await bridge.rooms.presence(room.companyId, room.roomId)).toBe(0);
    expect(await bridge.rooms.isMember(room.companyId, room.roomId, 'guest-anna')).toBe(false);

    const again = new FakeEndpoint();
    expect(await bridge.rooms.join(room, peer('marco'), again, null)).toBe('joined');
    expect(again.received).toEqual([{ type: 'welcome', self: peer('marco'), peers: [] }]);
    expect(await observer.get(ownerKey(room))).toBe(bridge.processId);
  });

  it('takes a crashed bridging process’s members as lost', async () => {
    const { owner, bridge, room, anna } = await twoProcessesOneRoom();
    await crash(bridge);
    await until(() => owner.gone.length === 1, 'marco gone', LEASE_MS * 5);
    expect(owner.gone).toEqual([[room, 'guest-marco', 'lost']]);
    expect(anna.received.at(-1)).toEqual({ type: 'peer-left', identity: 'guest-marco', reason: 'lost' });
    expect(await owner.rooms.presence(room.companyId, room.roomId)).toBe(1);
  });

  it('lets go of a room whose lease another process took, closing its sockets here and bridged', async () => {
    const { owner, room, anna, marco } = await twoProcessesOneRoom();
    await observer.set(ownerKey(room), 'another-process', 'PX', 60_000);
    await until(() => anna.closedWith !== null && marco.closedWith !== null, 'both closed');
    expect([anna.closedWith, marco.closedWith]).toEqual([1012, 1012]);
    expect(owner.rooms.hub.presence(room.companyId, room.roomId)).toBe(0);
    expect(owner.gone).toEqual([]);
    await observer.del(ownerKey(room));
  });
});
