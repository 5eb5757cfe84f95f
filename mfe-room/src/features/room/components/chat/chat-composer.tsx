import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent, type Ref } from 'react';
import { DATA_MESSAGE_MAX_TEXT } from '@incontra/contracts/room/data-messages';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { UPLOAD_ACCEPT } from '@incontra/mfe-kit/files/upload-checks';
import { AttachIcon, SendIcon } from '../common/icons';

interface ChatComposerProps {
  onSend(text: string): void;
  onPickFile(file: File): void;
  sendingFile: boolean;
  /** The message field, focused when the chat opens. */
  inputRef?: Ref<HTMLInputElement>;
}

/** One line and Enter to send (the shortcuts keep quiet while it has focus); a paperclip for files. */
export function ChatComposer({ onSend, onPickFile, sendingFile, inputRef }: ChatComposerProps) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <form onSubmit={submit} style={{ display: 'contents' }}>
      <Group gap="xs" wrap="nowrap" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <ActionIcon variant="subtle" size="lg" aria-label={IT_ROOM.chatAttach} loading={sendingFile} onClick={() => fileInput.current?.click()}>
          <AttachIcon />
        </ActionIcon>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={UPLOAD_ACCEPT}
          data-testid="chat-file-input"
          aria-label={IT_ROOM.chatAttach}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onPickFile(file);
          }}
        />
        <TextInput
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={IT_ROOM.chatPlaceholder}
          aria-label={IT_ROOM.chatMessage}
          maxLength={DATA_MESSAGE_MAX_TEXT}
          autoComplete="off"
          style={{ flex: 1 }}
          data-testid="chat-input"
        />
        <ActionIcon type="submit" size="lg" aria-label={IT_ROOM.chatSend} data-testid="chat-send" disabled={!text.trim()}>
          <SendIcon />
        </ActionIcon>
      </Group>
    </form>
  );
}
