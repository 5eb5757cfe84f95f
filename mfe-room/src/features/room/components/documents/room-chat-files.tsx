import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { useDeleteDocument } from '../../api/delete-document';
import { useRoomDocuments } from '../../api/get-room-documents';
import { ConfirmDialog } from '../common/confirm-dialog';
import { formatFileSize } from '../../utils/format-file-size';

/**
 * Staff: the files sent in the room's chat, each deletable after a question. Folded until asked
 * for, so that opening the chat costs no extra request.
 */
export function RoomChatFiles({ roomId }: { roomId: string }) {
  const [opened, setOpened] = useState(false);
  const files = useRoomDocuments(roomId, { kind: 'chat', enabled: opened });
  const remove = useDeleteDocument(roomId);
  const [deleting, setDeleting] = useState<RoomDocument | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = files.data ?? [];

  return (
    <Stack gap="xs" data-testid="room-chat-files">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h6">
          {IT_ROOM.chatFilesTitle}
        </Title>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpened((value) => !value)} aria-expanded={opened}>
          {opened ? IT_ROOM.chatFilesHide : IT_ROOM.chatFilesShow}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" py={4} role="alert">
          {problem}
        </Alert>
      )}
      {opened &&
        (files.isPending ? (
          <Loader size="xs" aria-label={IT.shell.loading} />
        ) : files.isError ? (
          <Text size="sm" c="red">
            {IT_ROOM.chatFilesLoadFailed}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {IT_ROOM.chatFilesEmpty}
          </Text>
        ) : (
          <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((file) => (
              <li key={file.id} data-testid="room-chat-file">
                <Anchor href={file.url} download={file.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Anchor>
                <Text span size="xs" c="dimmed">{` · ${formatFileSize(file.size)}`}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  ml={4}
                  onClick={() => setDeleting(file)}
                  aria-label={`${IT_ROOM.deleteDocument}: ${file.name}`}
                >
                  {IT_ROOM.deleteDocument}
                </Button>
              </li>
            ))}
          </Stack>
        ))}
      <ConfirmDialog
        opened={deleting !== null}
        title={IT_ROOM.deleteChatFileConfirmTitle}
        text={IT_ROOM.deleteChatFileConfirmText(deleting?.name ?? '')}
        confirmLabel={IT_ROOM.deleteDocument}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setProblem(null);
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              setProblem(error.message || IT.errors.generic);
            },
          });
        }}
      />
    </Stack>
  );
}
