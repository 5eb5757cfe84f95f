import { Alert, Button, FileButton, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useRoomDocuments } from '../../api/get-room-documents';
import { useUploadRoomDocument } from '../../api/upload-document';
import { UPLOAD_ACCEPT, uploadProblem } from '@incontra/mfe-kit/files/upload-checks';
import { ROOM_UPLOAD_REFUSALS } from '../../utils/upload-refusals';
import { RoomChatFiles } from './room-chat-files';
import { DeleteFileDialog } from './delete-file-dialog';
import { DeleteFileButton, FileList } from './file-list';

interface RoomDocumentsProps {
  roomId: string;
  onShare(document: RoomDocument): void;
}

/** Staff: the room's documents, each shareable into the chat as a file message; upload and delete; then the chat's files. */
export function RoomDocuments({ roomId, onShare }: RoomDocumentsProps) {
  const documents = useRoomDocuments(roomId);
  const upload = useUploadRoomDocument(roomId);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RoomDocument | null>(null);
  const list = (documents.data ?? []).filter((document) => document.kind === 'document');

  const pick = (file: File | null) => {
    if (!file) return;
    const refused = uploadProblem(file, ROOM_UPLOAD_REFUSALS);
    setProblem(refused);
    if (!refused) upload.mutate(file, { onError: (error) => setProblem(apiErrorMessage(error, IT_ROOM.fileSendFailed)) });
  };

  return (
    <Stack
      gap="xs"
      px="md"
      py="sm"
      data-testid="room-documents"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', maxHeight: '40%', overflowY: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h6">
          {IT_ROOM.documentsTitle}
        </Title>
        <FileButton onChange={pick} accept={UPLOAD_ACCEPT}>
          {(props) => (
            <Button {...props} size="compact-xs" variant="light" loading={upload.isPending} data-testid="documents-upload">
              {IT_ROOM.uploadDocument}
            </Button>
          )}
        </FileButton>
      </Group>
      {problem && (
        <Alert color="red" py={4} role="alert">
          {problem}
        </Alert>
      )}
      <FileList
        files={list}
        isPending={documents.isPending}
        isError={documents.isError}
        loadFailed={IT_ROOM.documentsLoadFailed}
        empty={IT_ROOM.documentsEmpty}
        listTestId="room-documents-list"
        itemTestId="room-document"
        actions={(document) => (
          <Group gap={4} mt={2}>
            <Button size="compact-xs" variant="subtle" onClick={() => onShare(document)} data-testid="document-share">
              {IT_ROOM.shareInChat}
            </Button>
            <DeleteFileButton file={document} onAsk={setDeleting} />
          </Group>
        )}
      />
      <RoomChatFiles roomId={roomId} />
      <DeleteFileDialog
        roomId={roomId}
        file={deleting}
        title={IT_ROOM.deleteDocumentConfirmTitle}
        text={IT_ROOM.deleteDocumentConfirmText}
        onClose={() => setDeleting(null)}
        onProblem={setProblem}
      />
    </Stack>
  );
}
