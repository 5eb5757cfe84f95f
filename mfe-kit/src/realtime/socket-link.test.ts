import { serverLobbyMessageSchema } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket } from '../testing/fake-web-socket';
import { openSocket, parseSocketMessage, reconnectDelay, releaseSocket, sendJson, socketUrl } from './socket-link';

describe('socketUrl', () => {
  it('puts the path on the page host, as wss: under https: and ws: otherwise', () => {
    expect(socketUrl('/api/realtime/lobby', { protocol: 'https:', host: 'demo.example' })).toBe('wss://demo.example/api/realtime/lobby');
    expect(socketUrl('/api/realtime/room', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/realtime/room');
  });
});

describe('openSocket', () => {
  it('builds the socket with the given factory, and answers null when it cannot be built', () => {
    const fake = new FakeWebSocket<never, never>('ws://x.test/');
    expect(openSocket('ws://x.test/', () => fake)).toBe(fake);
    expect(
      openSocket('ws://x.test/', () => {
        throw new SyntaxError('bad url');
      }),
    ).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('starts at the first delay, grows by the factor, rounds, and stops at the maximum', () => {
    const backoff = { firstMs: 400, maxMs: 2000, factor: 2.5 };
    expect([0, 1, 2].map((attempt) => reconnectDelay(attempt, backoff))).toEqual([400, 1000, 2000]);
    expect(reconnectDelay(1, { firstMs: 333, maxMs: 5000, factor: 1.5 })).toBe(500);
  });
});

describe('parseSocketMessage', () => {
  it('returns what the schema accepts and null for anything else', () => {
    const schema = serverLobbyMessageSchema;
    expect(parseSocketMessage('{"type":"pong"}', schema)).toEqual({ type: 'pong' });
    expect(parseSocketMessage('{"type":"ping"}', schema)).toBeNull();
    expect(parseSocketMessage('not json', schema)).toBeNull();
    expect(parseSocketMessage(new ArrayBuffer(2), schema)).toBeNull();
  });
});

describe('sendJson and releaseSocket', () => {
  it('sends only on an open socket', () => {
    const socket = new FakeWebSocket<{ type: string }, never>('ws://x.test/');
    sendJson(socket, { type: 'early' });
    socket.accept();
    sendJson(socket, { type: 'ping' });
    expect(socket.sent).toEqual([{ type: 'ping' }]);
  });

  it('detaches the handlers before closing, so a late event reaches nobody', () => {
    const socket = new FakeWebSocket<never, { type: string }>('ws://x.test/');
    const onclose = jest.fn();
    const onmessage = jest.fn();
    socket.onclose = onclose;
    socket.onmessage = onmessage;
    socket.accept();
    releaseSocket(socket, 4000);
    expect(socket.closedWith).toBe(4000);
    expect([socket.onopen, socket.onmessage, socket.onclose, socket.onerror]).toEqual([null, null, null, null]);
    socket.drop();
    expect(onclose).not.toHaveBeenCalled();
  });
});
