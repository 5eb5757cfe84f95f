import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';

/** A lobby WebSocket stand-in: the test opens it, talks through it and cuts it. */
export class FakeLobbySocket extends FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage> {}

/** Every socket a client created, the last one at hand, and `welcome` (accept + the queue). */
export function fakeSockets() {
  const fakes = new FakeWebSockets((url) => new FakeLobbySocket(url));
  const last = () => fakes.last;
  const welcome = (requests: StaffJoinRequest[] = []) => {
    last().accept();
    last().deliver({ type: 'queue', requests });
  };
  return { sockets: fakes.all, createSocket: fakes.create, last, welcome };
}

let sequence = 0;

/** A waiting request as staff see it; ids are valid v4 UUIDs so that contract schemas accept them. */
export function staffRequest(overrides: Partial<StaffJoinRequest> = {}): StaffJoinRequest {
  sequence += 1;
  const suffix = String(sequence).padStart(12, '0');
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${suffix}`,
    status: 'pending',
    source: 'live',
    name: `Visitatore ${sequence}`,
    storeId: '11111111-1111-4111-8111-111111111111',
    storeName: 'Milano Centro',
    roomId: '33333333-3333-4333-8333-333333333333',
    roomName: 'Sala Consulenza',
    phoneNumber: null,
    message: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    waitingSince: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-03-02T10:05:00.000Z',
    handledBy: null,
    ...overrides,
  };
}
