import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';

/** A lobby WebSocket stand-in: the test opens it, talks through it and cuts it. */
export class FakeLobbySocket extends FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage> {}

/** Every lobby socket a test's code opened, newest last; install() makes it the page's WebSocket. */
export class FakeLobbySockets extends FakeWebSockets<FakeLobbySocket> {
  constructor() {
    super((url) => new FakeLobbySocket(url));
  }
}
