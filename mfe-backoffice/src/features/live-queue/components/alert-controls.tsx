import { Button, Group } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { NotificationAccess } from '../alerts/request-alerts';

interface AlertControlsProps {
  soundOn: boolean;
  onToggleSound(): void;
  notificationAccess: NotificationAccess;
  askingAccess: boolean;
  onAskAccess(): void;
}

/** The chime on or off, and the question about browser notifications while it has not been asked. */
export function AlertControls({ soundOn, onToggleSound, notificationAccess, askingAccess, onAskAccess }: AlertControlsProps) {
  return (
    <Group gap="xs">
      <Button size="xs" variant={soundOn ? 'light' : 'default'} onClick={onToggleSound} aria-pressed={soundOn} data-testid="sound-toggle">
        {soundOn ? IT_LOBBY.staff.soundOn : IT_LOBBY.staff.soundOff}
      </Button>
      {notificationAccess === 'default' && (
        <Button size="xs" variant="default" onClick={onAskAccess} loading={askingAccess}>
          {IT_LOBBY.staff.enableNotifications}
        </Button>
      )}
    </Group>
  );
}
