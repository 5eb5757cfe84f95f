import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { SocketLiveness } from './socket-liveness';

/** What the liveness uses of a ws socket: ping, terminate, readyState and the pong event. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings += 1;
  }
  terminate(): void {
    this.terminated = true;
  }
}

const LIMITS = { helloTimeoutMs: 10_000, heartbeatIntervalMs: 50, maxMissedHeartbeats: 3 };

describe('SocketLiveness', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function watch() {
    const socket = new FakeSocket();
    const dead = jest.fn();
    const liveness = new SocketLiveness({ socket: socket as unknown as WebSocket, limits: LIMITS, handlers: { helloTimedOut: () => undefined, dead } });
    return { socket, dead, liveness };
  }

  it('drops a socket that leaves three pings unanswered, at the fourth tick', () => {
    const { socket, dead } = watch();
    jest.advanceTimersByTime(150);
    expect(socket.pings).toBe(3);
    expect(socket.terminated).toBe(false);
    jest.advanceTimersByTime(50);
    expect(dead).toHaveBeenCalledTimes(1);
    expect(socket.terminated).toBe(true);
  });

  it('keeps a socket that answers, however long it lives', () => {
    const { socket, liveness } = watch();
    for (let tick = 0; tick < 40; tick += 1) {
      jest.advanceTimersByTime(50);
      socket.emit('pong');
    }
    expect(socket.terminated).toBe(false);
    liveness.stop();
  });

  it('keeps a socket that answered, when the process was held up longer than the whole limit', () => {
    const { socket, liveness } = watch();
    jest.advanceTimersByTime(50);
    socket.emit('pong');
    // The event loop stalls for a second: the clock moves on, one late tick runs before the pong
    // that arrived meanwhile is read. The old clock-based check dropped the socket here.
    jest.setSystemTime(Date.now() + 1000);
    jest.advanceTimersByTime(50);
    expect(socket.terminated).toBe(false);
    socket.emit('pong');
    jest.advanceTimersByTime(100);
    expect(socket.terminated).toBe(false);
    liveness.stop();
  });
});
