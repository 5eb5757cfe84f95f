import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useDeleteDocument } from '../../api/delete-document';
import { ConfirmDialog } from '../common/confirm-dialog';

interface DeleteFileDialogProps {
  roomId: string;
  /** The file asked about, or null when the dialog is closed. */
  file: RoomDocument | null;
  title: string;
  text(name: string): string;
  onClose(): void;
  /** Why the delete failed, in Italian. */
  onProblem(message: string): void;
}

/** Asks before deleting a room's file, then deletes it; a failure is told through `onProblem`. */
export function DeleteFileDialog({ roomId, file, title, text, onClose, onProblem }: DeleteFileDialogProps) {
  const remove = useDeleteDocument(roomId);
  return (
    <ConfirmDialog
      opened={file !== null}
      title={title}
      text={text(file?.name ?? '')}
      confirmLabel={IT_ROOM.deleteDocument}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!file) return;
        remove.mutate(file.id, {
          onSuccess: onClose,
          onError: (error) => {
            onClose();
            onProblem(apiErrorMessage(error));
          },
        });
      }}
    />
  );
}
