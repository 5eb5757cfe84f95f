import type { ChatMessage } from '../store/chat-slice';
import type { ChatEntry } from '../components/chat/chat-message-item';

function contentOf(message: ChatMessage): Pick<ChatEntry, 'text' | 'file' | 'payment'> {
  switch (message.kind) {
    case 'text':
      return { text: message.text };
    case 'file':
      return { file: { name: message.file.name, size: message.file.size, url: message.file.url } };
    case 'payment':
      return { payment: message.payment };
  }
}

/** The chat slice's messages as the panel shows them (ids are per sender, hence the prefix). */
export function chatEntriesOf(messages: readonly ChatMessage[]): ChatEntry[] {
  return messages.map((message) => ({
    id: `${message.from}:${message.id}`,
    kind: message.kind,
    authorName: message.displayName,
    mine: message.mine,
    sentAt: message.sentAt,
    ...contentOf(message),
  }));
}
