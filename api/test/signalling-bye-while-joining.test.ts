import Fastify, { type FastifyInstance } from 'fastify';
import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { ClusterSignalling, type SignallingRooms } from '../src/signalling/cluster-signalling';
import { realtimeRoutes } from '../src/socket-routes';
import type { GoneReason } from '../src/signalling/signalling-hub';
import { SignallingClient, signallingUrl } from './helpers/signalling-client';
import { until } from './helpers/until';

/*
 * A browser leaving by navigation while it enters: its `hello` was taken and the room is being
 * reached (with several processes, a round trip to the room's owner) when its `bye` arrives. The
 * seat the join then gives must be freed at once, as a goodbye, not kept for the grace period.
 */
const COMPANY = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';

function claimsFor(identity: string): RoomTokenClaims {
  return { cid: COMPANY, rid: ROOM, sub: identity, role: 'guest', name: identity, iat: 0, exp: 0 };
}

/** A barrier: `reached` settles when the join is asked for, which then waits for `release()`. */
function barrier() {
  let reached!: () => void;
  let release!: () => void;
  return {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    held: new Promise<void>((resolve) => (release = resolve)),
    arrive: () => reached(),
    release: () => release(),
  };
}

let app: FastifyInstance;
let local: ClusterSignalling;
let url: string;
let gate = barrier();
const gone: Array<[string, GoneReason]> = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  // A grace far longer than the test: a seat kept for it would still be there at the end.
  local = ClusterSignalling.local({ log: app.log, graceMs: 60_000, onMemberGone: (_room, identity, reason) => void gone.push([identity, reason]) });
  const rooms: SignallingRooms = {
    join: async (...args) => {
      gate.arrive();
      await gate.held;
      return local.join(...args);
    },
    leave: (...args) => local.leave(...args),
    relay: (...args) => local.relay(...args),
    isMember: (...args) => local.isMember(...args),
    presence: (...args) => local.presence(...args),
    kick: (...args) => local.kick(...args),
    shutdown: () => local.shutdown(),
  };
  await app.register(realtimeRoutes, {
    signalling: { rooms, authorize: async (token) => ({ claims: claimsFor(token), maxParticipants: 2 }) },
  });
  url = await signallingUrl(app);
});
afterAll(() => app.close());

describe('a goodbye that arrives while the room is being reached', () => {
  it('frees the seat the join gives, as a goodbye', async () => {
    gate = barrier();
    const client = await SignallingClient.open(url);
    client.send({ type: 'hello', token: 'guest-giulia' });
    await gate.reached;

    client.send({ type: 'bye' });
    expect((await client.closed).code).toBe(1000);
    gate.release();

    await until(() => gone.length > 0, 'the member reported gone');
    expect(gone).toEqual([['guest-giulia', 'left']]);
    expect(local.hub.isMember(COMPANY, ROOM, 'guest-giulia')).toBe(false);
  });
});
