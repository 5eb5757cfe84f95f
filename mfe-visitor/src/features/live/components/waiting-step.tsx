import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { formatElapsed } from '@incontra/mfe-kit/format/format-elapsed';
import { useNow } from '@incontra/mfe-kit/dates/use-now';

interface WaitingStepProps {
  startedAt: number;
  /** True while the status is polled because the live socket is down. */
  polling: boolean;
  cancelling: boolean;
  cancelError: string | null;
  onCancel(): void;
}

/**
 * Waiting for staff, below the header that says so: the elapsed time is a timer, never
 * announced on its own ticks.
 */
export function WaitingStep({ startedAt, polling, cancelling, cancelError, onCancel }: WaitingStepProps) {
  const now = useNow();
  return (
    <>
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text role="timer" aria-live="off" data-testid="waiting-elapsed" c="dimmed">
          {IT_LOBBY.visitor.waitingFor(formatElapsed(now - startedAt))}
        </Text>
      </Group>
      {polling && (
        <Alert color="yellow" role="note" data-testid="live-fallback-note">
          {IT_LOBBY.visitor.liveUpdatesOff}
        </Alert>
      )}
      {cancelError && (
        <Alert color="red" role="alert">
          {cancelError}
        </Alert>
      )}
      <Button variant="default" onClick={onCancel} loading={cancelling} w="fit-content" data-testid="cancel-request">
        {IT_LOBBY.visitor.cancel}
      </Button>
    </>
  );
}
