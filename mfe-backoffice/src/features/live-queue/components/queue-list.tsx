import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { StaffReply } from '../api/answer-join-request';
import type { QueueAction } from '../hooks/use-queue-actions';
import type { QueueEntry } from '../realtime/queue-entries';
import { QueueItem } from './queue-item';

interface QueueListProps {
  entries: readonly QueueEntry[];
  loaded: boolean;
  loadFailed: boolean;
  onRetry(): void;
  now: number;
  pending: Readonly<Record<string, QueueAction>>;
  onApprove(entry: QueueEntry): void;
  onReply(entry: QueueEntry, kind: StaffReply): void;
  labelledBy: string;
}

/** The waiting visitors, oldest first; or why there are none to show. */
export function QueueList({ entries, loaded, loadFailed, onRetry, now, pending, onApprove, onReply, labelledBy }: QueueListProps) {
  if (entries.length === 0 && loadFailed) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{IT_LOBBY.staff.queueLoadFailed}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {IT.shell.retry}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!loaded) return <Loader size="sm" aria-label={IT.shell.loading} />;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" data-testid="queue-empty">
        {IT_LOBBY.staff.queueEmpty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" aria-labelledby={labelledBy} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry) => (
        <QueueItem
          key={entry.request.id}
          entry={entry}
          now={now}
          pending={pending[entry.request.id]}
          onApprove={() => onApprove(entry)}
          onReply={(kind) => onReply(entry, kind)}
        />
      ))}
    </Stack>
  );
}
