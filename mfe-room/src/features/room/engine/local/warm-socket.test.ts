import { takeWarmSocket, warmSignallingSocket } from './warm-socket';

/** Records the sockets made; readyState is set by the test. */
class RecordingSocket {
  static made: RecordingSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    RecordingSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

const URL_OF_ROOM_SIGNALLING = 'ws://demo.localhost:3000/api/realtime/room';
const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  RecordingSocket.made = [];
  globalThis.WebSocket = RecordingSocket as unknown as typeof WebSocket;
});
afterAll(() => {
  globalThis.WebSocket = realWebSocket;
});

describe('the warm signalling socket', () => {
  it('is opened once while fresh, handed out once for its URL, then gone', () => {
    warmSignallingSocket('http://demo.localhost:3000', 1000);
    warmSignallingSocket('http://demo.localhost:3000', 1500);
    expect(RecordingSocket.made.map((socket) => socket.url)).toEqual([URL_OF_ROOM_SIGNALLING]);
    expect(takeWarmSocket(URL_OF_ROOM_SIGNALLING, 2000)).toBe(RecordingSocket.made[0]);
    expect(takeWarmSocket(URL_OF_ROOM_SIGNALLING, 2000)).toBeNull();
  });

  it('is closed and not used when stale, for another URL, or already closing', () => {
    warmSignallingSocket('http://demo.localhost:3000', 0);
    expect(takeWarmSocket(URL_OF_ROOM_SIGNALLING, 5000)).toBeNull();
    expect(RecordingSocket.made[0]?.closed).toBe(true);

    warmSignallingSocket('http://demo.localhost:3000', 10_000);
    expect(takeWarmSocket('ws://acme.localhost:3000/api/realtime/room', 10_100)).toBeNull();
    expect(RecordingSocket.made[1]?.closed).toBe(true);

    warmSignallingSocket('http://demo.localhost:3000', 20_000);
    RecordingSocket.made[2]!.readyState = 2;
    expect(takeWarmSocket(URL_OF_ROOM_SIGNALLING, 20_100)).toBeNull();
  });
});
