import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { formatFileSize } from '@incontra/mfe-kit/format/format-file-size';
import type { ChatPayment } from '../../store/chat-slice';
import { PaymentCard } from '../../payments/payment-card';
import { FileIcon } from '../common/icons';

export interface ChatEntryFile {
  name: string;
  size: number;
  url: string;
}

/** A chat line as the panel shows it (the chat slice's messages mapped to names). */
export interface ChatEntry {
  id: string;
  kind: 'text' | 'file' | 'payment';
  authorName: string;
  mine: boolean;
  sentAt: string;
  text?: string;
  file?: ChatEntryFile;
  payment?: ChatPayment;
}

function timeOf(sentAt: string): string {
  const date = new Date(sentAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' });
}

export function ChatMessageItem({ entry }: { entry: ChatEntry }) {
  return (
    <Stack component="li" gap={2} align={entry.mine ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-kind={entry.kind} data-mine={entry.mine}>
      <Text size="xs" c="dimmed">
        {`${entry.mine ? IT_ROOM.you : entry.authorName} · ${timeOf(entry.sentAt)}`}
      </Text>
      <Paper px="sm" py={6} radius="md" bg={entry.mine ? 'brand.1' : 'gray.1'} c="dark.9" maw="85%" style={{ overflowWrap: 'anywhere' }}>
        {entry.kind === 'payment' && entry.payment ? (
          <PaymentCard payment={entry.payment} mine={entry.mine} />
        ) : entry.kind === 'file' && entry.file ? (
          <Group gap={6} wrap="nowrap">
            <FileIcon />
            <div style={{ minWidth: 0 }}>
              <Anchor href={entry.file.url} download={entry.file.name} c="dark.9" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.file.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatFileSize(entry.file.size)}
              </Text>
            </div>
          </Group>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.text}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
