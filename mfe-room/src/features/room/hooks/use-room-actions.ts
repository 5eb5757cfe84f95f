import { useMemo } from 'react';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { ERRORS } from '@incontra/contracts/errors';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { LocalMediaError } from '../media/media-failure';
import type { ChatPayment } from '../store/chat-slice';
import type { MediaFailure } from '../media/types';
import { useRoomSession } from './use-room-session';

const MEDIA_FAILURE_TEXT: Record<MediaFailure, string> = {
  'permission-denied': IT_ROOM.roomErrors['permission-denied'],
  'device-busy': IT_ROOM.roomErrors['device-busy'],
  'no-device': IT_ROOM.noDevices,
  unsupported: IT_ROOM.effectsUnsupported,
  unknown: IT_ROOM.actionFailed,
};

/** An action's failure in Italian: the browser's refusals, the API's reasons, else a generic line. */
export function actionFailureText(error: unknown): string {
  if (error instanceof LocalMediaError) return MEDIA_FAILURE_TEXT[error.failure];
  if (error instanceof ApiRequestError) return apiErrorMessage(error);
  if (error instanceof Error && error.message === ERRORS.screenSharingNotSupported) return IT_ROOM.screenUnsupported;
  return IT_ROOM.actionFailed;
}

/**
 * The session's commands for the controls: each one fire-and-forget from a click or a key, its
 * failure told through the shell's toasts instead of being lost in a promise.
 */
export function useRoomActions() {
  const session = useRoomSession();
  const { notify } = useMfeProps();
  return useMemo(() => {
    const report = (error: unknown) => notify.show({ kind: 'error', message: actionFailureText(error) });
    const run = (work: () => unknown) => {
      try {
        Promise.resolve(work()).catch(report);
      } catch (error) {
        report(error);
      }
    };
    return {
      toggleMicrophone: () => run(() => session.toggleMicrophone()),
      toggleCamera: () => run(() => session.toggleCamera()),
      toggleScreenShare: () => run(() => session.toggleScreenShare()),
      toggleBlur: () => run(() => session.toggleBlur()),
      setBackgroundImage: (url: string | null) => run(() => session.setBackgroundImage(url)),
      sendChat: (text: string) => run(() => session.sendChat(text)),
      shareDocument: (document: RoomDocument) => run(() => session.shareDocument(document)),
      /** The request is made already: only its card goes into the chat. */
      sendPayment: (payment: ChatPayment) => run(() => session.sendPayment(payment)),
      mute: (identity: string) => run(() => session.muteParticipant(identity)),
      /** The caller shows its own progress and keeps its dialog open on failure: the promise is handed back. */
      kick: (identity: string) =>
        session.kick(identity).catch((error: unknown) => {
          notify.show({ kind: 'error', message: apiErrorMessage(error, IT_ROOM.removeFailed) });
          throw error;
        }),
      /** The chat panel says itself what went wrong with a file. */
      sendFile: (file: File) => session.sendFile(file),
    };
  }, [session, notify]);
}
