import { Button } from '@mantine/core';
import { useState } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ConfirmDialog } from '../common/confirm-dialog';

interface ParticipantActionsProps {
  identity: string;
  name: string;
  muted: boolean;
  onMute(identity: string): void;
  /** Removes the participant (the API kick); rejects when the API refuses. */
  onRemove(identity: string): Promise<unknown>;
}

/** Staff's controls over another participant: mute at once, remove after a confirmation. */
export function ParticipantActions({ identity, name, muted, onMute, onRemove }: ParticipantActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  const remove = () => {
    setRemoving(true);
    onRemove(identity)
      .then(() => setConfirming(false))
      .catch(() => undefined)
      .finally(() => setRemoving(false));
  };

  return (
    <>
      <Button
        size="compact-xs"
        variant="filled"
        color="dark"
        disabled={muted}
        onClick={() => onMute(identity)}
        aria-label={`${IT_ROOM.mute}: ${name}`}
        data-testid="participant-mute"
        data-identity={identity}
      >
        {IT_ROOM.mute}
      </Button>
      <Button
        size="compact-xs"
        variant="filled"
        color="red"
        onClick={() => setConfirming(true)}
        aria-label={`${IT_ROOM.remove}: ${name}`}
        aria-haspopup="dialog"
        data-testid="participant-remove"
        data-identity={identity}
      >
        {IT_ROOM.remove}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={IT_ROOM.removeConfirmTitle}
        text={IT_ROOM.removeConfirmText(name)}
        confirmLabel={IT_ROOM.remove}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        loading={removing}
      />
    </>
  );
}
