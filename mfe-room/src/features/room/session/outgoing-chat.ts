import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { DATA_MESSAGE_MAX_TEXT, type DataMessage } from '@incontra/contracts/room/data-messages';
import type { ChatMessage, ChatPayment } from '../store/chat-slice';

interface Outgoing {
  message: DataMessage;
  /** How the sender's own chat shows it. */
  entry: ChatMessage;
}

export function outgoingText(join: JoinRoomResponse, text: string, id: string, sentAt: string): Outgoing {
  if (text.length > DATA_MESSAGE_MAX_TEXT) throw new Error(`A chat message is at most ${DATA_MESSAGE_MAX_TEXT} characters`);
  return {
    message: { type: 'chat', payload: { id, text, sentAt } },
    entry: { id, from: join.identity, displayName: join.displayName, mine: true, sentAt, kind: 'text', text },
  };
}

/** A file travels as its link (uploaded chat files and shared room documents alike). */
export function outgoingFile(join: JoinRoomResponse, document: RoomDocument, id: string, sentAt: string): Outgoing {
  const file = { name: document.name, size: document.size, mimeType: document.mimeType, url: document.url };
  return {
    message: { type: 'file', payload: { id, ...file, sentAt } },
    entry: { id, from: join.identity, displayName: join.displayName, mine: true, sentAt, kind: 'file', file },
  };
}

/** A payment request made during the call: peers get its token (their card builds the link), the sender sees its status. */
export function outgoingPayment(join: JoinRoomResponse, payment: ChatPayment, id: string, sentAt: string): Outgoing {
  return {
    message: { type: 'payment', payload: { id, sentAt, ...payment } },
    entry: { id, from: join.identity, displayName: join.displayName, mine: true, sentAt, kind: 'payment', payment },
  };
}
