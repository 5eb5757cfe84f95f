import { Alert, Anchor, Button, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { useDeleteDocument } from '../../api/delete-document';
import { useRoomDocuments } from '../../api/get-room-documents';
import { useUploadRoomDocument } from '../../api/upload-document';
import { UPLOAD_ACCEPT, uploadProblem } from '../../utils/check-upload';
import { RoomChatFiles } from './room-chat-files';
import { ConfirmDialog } from '../common/confirm-dialog';
import { formatFileSize } from '../../utils/format-file-size';

interface RoomDocumentsProps {
  roomId: string;
  onShare(document: RoomDocument): void;
}

/** Staff: the room's documents, each shareable into the chat as a file message; upload and delete; then the chat's files. */
export function RoomDocuments({ roomId, onShare }: RoomDocumentsProps) {
  const documents = useRoomDocuments(roomId);
  const upload = useUploadRoomDocument(roomId);
  const remove = useDeleteDocument(roomId);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RoomDocument | null>(null);
  const list = (documents.data ?? []).filter((document) => document.kind === 'document');

  const pick = (file: File | null) => {
    if (!file) return;
    const refused = uploadProblem(file);
    setProblem(refused);
    if (!refused) upload.mutate(file, { onError: (error) => setProblem(error.message || IT_ROOM.fileSendFailed) });
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
      {documents.isPending ? (
        <Loader size="xs" aria-label={IT.shell.loading} />
      ) : documents.isError ? (
        <Text size="sm" c="red">
          {IT_ROOM.documentsLoadFailed}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {IT_ROOM.documentsEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="room-documents-list">
          {list.map((document) => (
            <li key={document.id} data-testid="room-document">
              <Anchor href={document.url} download={document.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {document.name}
              </Anchor>
              <Text span size="xs" c="dimmed">{` · ${formatFileSize(document.size)}`}</Text>
              <Group gap={4} mt={2}>
                <Button size="compact-xs" variant="subtle" onClick={() => onShare(document)} data-testid="document-share">
                  {IT_ROOM.shareInChat}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(document)}
                  aria-label={`${IT_ROOM.deleteDocument}: ${document.name}`}
                >
                  {IT_ROOM.deleteDocument}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <RoomChatFiles roomId={roomId} />
      <ConfirmDialog
        opened={deleting !== null}
        title={IT_ROOM.deleteDocumentConfirmTitle}
        text={IT_ROOM.deleteDocumentConfirmText(deleting?.name ?? '')}
        confirmLabel={IT_ROOM.deleteDocument}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
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
