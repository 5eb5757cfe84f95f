import type { ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';
import type { SignallingEndpoint } from '../../src/signalling/signalling-hub';

/** A member's socket as the signalling hub sees it: records what it was sent and how it was closed. */
export class FakeEndpoint implements SignallingEndpoint {
  readonly received: ServerSignallingMessage[] = [];
  closedWith: number | null = null;
  send(message: ServerSignallingMessage): void {
    this.received.push(message);
  }
  close(code: number): void {
    this.closedWith = code;
  }
}
