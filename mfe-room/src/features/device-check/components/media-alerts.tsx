import { Alert } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

/** What went wrong with the devices: the browser's refusal (with how to undo it), or another failure. */
export function MediaAlerts({ denied, failureText }: { denied: boolean; failureText?: string }) {
  return (
    <>
      {denied && (
        <Alert color="red" role="alert">
          {IT_ROOM.deniedGuidance}
        </Alert>
      )}
      {failureText && (
        <Alert color="yellow" role="alert">
          {failureText}
        </Alert>
      )}
    </>
  );
}
