import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { useRoomDocuments } from '../../api/get-room-documents';
import { DeleteFileDialog } from './delete-file-dialog';
import { DeleteFileButton, FileList } from './file-list';

/**
 * Staff: the files sent in the room's chat, each deletable after a question. Folded until asked
 * for, so that opening the chat costs no extra request.
 */
export function RoomChatFiles({ roomId }: { roomId: string }) {
  const [opened, setOpened] = useState(false);
  const files = useRoomDocuments(roomId, { kind: 'chat', enabled: opened });
  const [deleting, setDeleting] = useState<RoomDocument | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ask = (file: RoomDocument) => {
    setProblem(null);
    setDeleting(file);
  };

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
      {opened && (
        <FileList
          files={files.data ?? []}
          isPending={files.isPending}
          isError={files.isError}
          loadFailed={IT_ROOM.chatFilesLoadFailed}
          empty={IT_ROOM.chatFilesEmpty}
          itemTestId="room-chat-file"
          actions={(file) => <DeleteFileButton file={file} onAsk={ask} ml={4} />}
        />
      )}
      <DeleteFileDialog
        roomId={roomId}
        file={deleting}
        title={IT_ROOM.deleteChatFileConfirmTitle}
        text={IT_ROOM.deleteChatFileConfirmText}
        onClose={() => setDeleting(null)}
        onProblem={setProblem}
      />
    </Stack>
  );
}
