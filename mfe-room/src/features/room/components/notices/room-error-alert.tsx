import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

/** The failures the room tells its user about (the session's connection error kinds). */
export type RoomErrorKind = keyof typeof IT_ROOM.roomErrors;

/** Problems with one's own devices still let the call go on: a warning, not an error. */
const WARNINGS: ReadonlySet<RoomErrorKind> = new Set<RoomErrorKind>(['no-device', 'device-busy', 'permission-denied']);

interface RoomErrorAlertProps {
  kind: RoomErrorKind;
  /** A more precise sentence when there is one (the API's Italian reason of a refused join). */
  message?: string;
  children?: ReactNode;
  onClose?(): void;
}

export function RoomErrorAlert({ kind, message, children, onClose }: RoomErrorAlertProps) {
  return (
    <Alert
      color={WARNINGS.has(kind) ? 'yellow' : 'red'}
      role="alert"
      data-testid="room-error"
      data-kind={kind}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={IT_ROOM.closePanel}
      onClose={onClose}
    >
      {message ?? IT_ROOM.roomErrors[kind]}
      {children}
    </Alert>
  );
}
