import type { ChatMessage } from '../store/chat-slice';
import type { ChatEntry } from '../components/chat/chat-message-item';

/** The chat slice's messages as the panel shows them (ids are per sender, hence the prefix). */
export function chatEntriesOf(messages: readonly ChatMessage[]): ChatEntry[] {
  return messages.map((message) => ({
    id: `${message.from}:${message.id}`,
    kind: message.kind,
    authorName: message.displayName,
    mine: message.mine,
    sentAt: message.sentAt,
    ...(message.kind === 'text' ? { text: message.text } : { file: { name: message.file.name, size: message.file.size, url: message.file.url } }),
  }));
}
