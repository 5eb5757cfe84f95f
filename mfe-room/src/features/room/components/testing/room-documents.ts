import type { RoomDocument } from '@incontra/contracts/api/documents';

export const TEST_ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

/** A PDF of the test room, as GET /api/room/{id}/documents lists it; `kind` 'chat' for one sent in the chat. */
export const roomDocument = (id: string, name: string, kind: RoomDocument['kind'] = 'document'): RoomDocument => ({
  id,
  roomId: TEST_ROOM_ID,
  kind,
  name,
  mimeType: 'application/pdf',
  size: 2048,
  url: `/api/documents/${id}/download?sig=x`,
  createdAt: '2026-11-22T10:00:00.000Z',
});
