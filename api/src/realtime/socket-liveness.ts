import type { WebSocket } from 'ws';

export interface LivenessLimits {
  /** The server expects `hello` this soon after the socket opens. */
  helloTimeoutMs: number;
  heartbeatIntervalMs: number;
  /** Protocol pings a socket may leave unanswered before it is dropped. */
  maxMissedHeartbeats: number;
}

export interface LivenessHandlers {
  /** No `hello` in time (the session decides whether it still matters). */
  helloTimedOut(): void;
  /**
   * The socket is silent beyond the limit: called just before it is terminated (whose close
   * event comes later). Without it, the close event is the session's only news.
   */
  dead?(): void;
}

/**
 * The timers of one server socket: the `hello` deadline, and protocol pings, which browsers
 * answer by themselves, so that a socket silent through several of them is known to be gone
 * even when its TCP connection has not noticed yet. The session reports every message it
 * receives with `heard()`; pongs are heard here. Timers are unref'd: they never hold the
 * process open.
 *
 * Silence is counted in pings left unanswered, not in time since the last message: after the
 * event loop was held up (a busy process, a long pause), the late tick runs before the pongs that
 * arrived meanwhile are read, and a clock-based check then dropped sockets that had answered.
 */
export class SocketLiveness {
  private unanswered = 0;
  private readonly helloTimer: NodeJS.Timeout;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(private readonly options: { socket: WebSocket; limits: LivenessLimits; handlers: LivenessHandlers }) {
    const { socket, limits, handlers } = options;
    this.helloTimer = setTimeout(() => handlers.helloTimedOut(), limits.helloTimeoutMs);
    this.pingTimer = setInterval(() => this.check(), limits.heartbeatIntervalMs);
    this.helloTimer.unref();
    this.pingTimer.unref();
    socket.on('pong', () => this.heard());
  }

  heard(): void {
    this.unanswered = 0;
  }

  /** `hello` arrived: its deadline no longer applies. */
  helloArrived(): void {
    clearTimeout(this.helloTimer);
  }

  stop(): void {
    clearTimeout(this.helloTimer);
    clearInterval(this.pingTimer);
  }

  private check(): void {
    const { socket, limits, handlers } = this.options;
    if (this.unanswered >= limits.maxMissedHeartbeats) {
      this.stop();
      handlers.dead?.();
      socket.terminate();
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    this.unanswered += 1;
    socket.ping();
  }
}
