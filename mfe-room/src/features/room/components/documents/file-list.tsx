import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { formatFileSize } from '@incontra/mfe-kit/format/format-file-size';

interface FileListProps {
  files: RoomDocument[];
  isPending: boolean;
  isError: boolean;
  loadFailed: string;
  empty: string;
  listTestId?: string;
  itemTestId: string;
  /** The buttons after a file's name and size. */
  actions(file: RoomDocument): ReactNode;
}

/** A room's files as staff see them: loading, failed, empty, or each file's link and size with its actions. */
export function FileList({ files, isPending, isError, loadFailed, empty, listTestId, itemTestId, actions }: FileListProps) {
  if (isPending) return <Loader size="xs" aria-label={IT.shell.loading} />;
  if (isError)
    return (
      <Text size="sm" c="red">
        {loadFailed}
      </Text>
    );
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={listTestId}>
      {files.map((file) => (
        <li key={file.id} data-testid={itemTestId}>
          <Anchor href={file.url} download={file.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Anchor>
          <Text span size="xs" c="dimmed">{` · ${formatFileSize(file.size)}`}</Text>
          {actions(file)}
        </li>
      ))}
    </Stack>
  );
}

/** The delete button of a file: it only asks (the dialog does the deleting). */
export function DeleteFileButton({ file, onAsk, ml }: { file: RoomDocument; onAsk(file: RoomDocument): void; ml?: number }) {
  return (
    <Button size="compact-xs" variant="subtle" color="red" ml={ml} onClick={() => onAsk(file)} aria-label={`${IT_ROOM.deleteDocument}: ${file.name}`}>
      {IT_ROOM.deleteDocument}
    </Button>
  );
}
