import { Badge } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { LobbyConnection } from '../realtime/lobby-client';

const LOOK: Record<LobbyConnection, { color: string; text: string }> = {
  connecting: { color: 'gray', text: IT_LOBBY.staff.connecting },
  open: { color: 'green', text: IT_LOBBY.staff.live },
  offline: { color: 'orange', text: IT_LOBBY.staff.offline },
  'too-many': { color: 'orange', text: IT_LOBBY.staff.tooManyConnections },
};

/** Whether the queue is live, or refreshed by polling while the socket is reconnecting. */
export function ConnectionStatus({ connection }: { connection: LobbyConnection }) {
  const { color, text } = LOOK[connection];
  return (
    <Badge
      color={color}
      variant="dot"
      size="lg"
      tt="none"
      fw={500}
      role="status"
      data-testid="lobby-connection"
      data-state={connection}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {text}
    </Badge>
  );
}
