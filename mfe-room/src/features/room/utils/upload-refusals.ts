import type { UploadProblemTexts } from '@incontra/mfe-kit/files/upload-checks';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';

/** The room's words for a file the kit's upload checks refuse (an empty one as the API says it). */
export const ROOM_UPLOAD_REFUSALS: UploadProblemTexts = {
  empty: IT_DOCUMENTS.fileEmpty,
  tooLarge: IT_ROOM.fileTooLarge,
  typeRefused: IT_ROOM.fileTypeRefused,
};
