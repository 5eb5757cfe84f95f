import { Alert, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem, type ChatEntry } from './chat-message-item';
import { uploadProblem } from '@incontra/mfe-kit/files/upload-checks';
import { ROOM_UPLOAD_REFUSALS } from '../../utils/upload-refusals';
import { SidePanel } from '../layout/side-panel';

interface ChatPanelProps {
  entries: ChatEntry[];
  onSend(text: string): void;
  /** Uploads the file and sends it as a file message; rejects when the upload fails. */
  onSendFile(file: File): Promise<unknown>;
  onClose(): void;
  fullScreen: boolean;
  /** The room's documents (staff only). */
  documents?: ReactNode;
}

export function ChatPanel({ entries, onSend, onSendFile, onClose, fullScreen, documents }: ChatPanelProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const messageField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [entries.length]);

  const pickFile = (file: File) => {
    const problem = uploadProblem(file, ROOM_UPLOAD_REFUSALS);
    setFileError(problem);
    if (problem) return;
    setSending(true);
    onSendFile(file)
      .catch((error: unknown) => setFileError(apiErrorMessage(error, IT_ROOM.fileSendFailed)))
      .finally(() => setSending(false));
  };

  return (
    <SidePanel title={IT_ROOM.chat} onClose={onClose} fullScreen={fullScreen} testId="chat-panel" initialFocus={messageField}>
      {documents}
      <ScrollArea style={{ flex: 1, minHeight: 0 }} px="md" py="sm">
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            {IT_ROOM.chatEmpty}
          </Text>
        ) : (
          <Stack component="ol" gap="sm" aria-label={IT_ROOM.chatMessages} aria-live="polite" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <ChatMessageItem key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </ScrollArea>
      {fileError && (
        <Alert color="red" mx="sm" py={6} role="alert" withCloseButton closeButtonLabel={IT_ROOM.closePanel} onClose={() => setFileError(null)}>
          {fileError}
        </Alert>
      )}
      <ChatComposer onSend={onSend} onPickFile={pickFile} sendingFile={sending} inputRef={messageField} />
    </SidePanel>
  );
}
