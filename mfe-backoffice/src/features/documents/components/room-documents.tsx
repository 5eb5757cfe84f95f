import { Alert, Button, Group, Stack } from '@mantine/core';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { isApiStatus } from '@incontra/mfe-kit/api-error';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { QueryState } from '../../../app/management/query-state';
import { useDeleteDocument } from '../api/delete-document';
import { useRoomDocuments } from '../api/get-room-documents';
import { formatFileSize } from '@incontra/mfe-kit/format/format-file-size';
import { UploadDocumentForm } from './upload-document-form';

const uploadedAtFormat = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });
const { columns: COLUMNS } = IT_DOCUMENTS_ADMIN;

function typeOf(document: RoomDocument): string {
  const dot = document.name.lastIndexOf('.');
  return dot < 0 ? document.mimeType : document.name.slice(dot + 1).toUpperCase();
}

/** The documents of one room: the list with download and delete, and the upload. */
export function RoomDocuments({ roomId, roomName }: { roomId: string; roomName: string }) {
  const documents = useRoomDocuments(roomId);
  const remove = useDeleteDocument(roomId);

  // Operators reach only the rooms of the stores they serve: the API hides the others (404).
  if (isApiStatus(documents.error, 404)) {
    return (
      <Alert color="yellow" role="alert">
        {IT_DOCUMENTS_ADMIN.storeNotServed}
      </Alert>
    );
  }

  const columns: DataTableColumn<RoomDocument>[] = [
    {
      key: 'name',
      header: COLUMNS.name,
      sortValue: (document) => document.name,
      render: (document) => <span style={{ overflowWrap: 'anywhere' }}>{document.name}</span>,
    },
    { key: 'type', header: COLUMNS.type, render: typeOf, sortValue: typeOf },
    { key: 'size', header: COLUMNS.size, render: (document) => formatFileSize(document.size), sortValue: (document) => document.size },
    {
      key: 'createdAt',
      header: COLUMNS.uploadedAt,
      render: (document) => <time dateTime={document.createdAt}>{uploadedAtFormat.format(new Date(document.createdAt))}</time>,
      sortValue: (document) => document.createdAt,
    },
    {
      key: 'actions',
      header: IT_MANAGEMENT.table.actions,
      render: (document) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            component="a"
            href={document.url}
            download={document.name}
            size="xs"
            variant="light"
            aria-label={IT_DOCUMENTS_ADMIN.downloadOf(document.name)}
          >
            {IT_DOCUMENTS_ADMIN.download}
          </Button>
          <ConfirmDeleteButton name={document.name} onConfirm={() => remove.mutateAsync(document)} />
        </Group>
      ),
    },
  ];

  return (
    <QueryState query={documents}>
      {(rows) => (
        <Stack gap="xl">
          <DataTable
            caption={IT_DOCUMENTS_ADMIN.caption(roomName)}
            rows={rows}
            rowKey={(document) => document.id}
            columns={columns}
            searchText={(document) => document.name}
            emptyText={IT_DOCUMENTS_ADMIN.empty}
          />
          <UploadDocumentForm roomId={roomId} />
        </Stack>
      )}
    </QueryState>
  );
}
