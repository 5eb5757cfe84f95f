import { serverLobbyMessageSchema } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket } from '../testing/fake-web-socket';
import { openSocket, parseSocketMessage, releaseSocket, sendJson } from './socket-frames';

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
  it('sends only on an open socket, and says whether it went', () => {
    const socket = new FakeWebSocket<{ type: string }, never>('ws://x.test/');
    expect(sendJson(socket, { type: 'early' })).toBe(false);
    socket.accept();
    expect(sendJson(socket, { type: 'ping' })).toBe(true);
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
