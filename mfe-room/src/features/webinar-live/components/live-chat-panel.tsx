import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { WEBINAR_LIVE } from '@incontra/contracts/realtime/webinar-live';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import type { LiveAction } from '../session/live-client';
import type { ChatLine } from '../session/live-state';

const T = IT_WEBINAR_LIVE.chat;

interface LiveChatPanelProps {
  lines: readonly ChatLine[];
  muted: boolean;
  presenter: boolean;
  act(action: LiveAction): boolean;
  onNotSent(): void;
}

const clock = (at: string) => new Date(at).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' });

/** The session's chat (kept by this page only); presenters may mute it for viewers. */
export function LiveChatPanel({ lines, muted, presenter, act, onNotSent }: LiveChatPanelProps) {
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);
  const canWrite = presenter || !muted;
  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    if (act({ type: 'chat', text: trimmed })) setText('');
    else onNotSent();
  };
  return (
    <Stack gap="sm">
      {presenter && (
        <Switch
          label={muted ? T.unmute : T.mute}
          checked={muted}
          onChange={(event) => {
            if (!act({ type: 'mute-chat', muted: event.currentTarget.checked })) onNotSent();
          }}
        />
      )}
      <div style={{ maxHeight: 320, overflowY: 'auto' }} tabIndex={0} role="region" aria-label={T.list}>
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {T.empty}
          </Text>
        ) : (
          <Stack component="ol" gap={6} aria-live="polite" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {lines.map((line) => (
              <li key={line.id} data-testid="webinar-chat-line">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <strong>{line.from.name}</strong>
                  {line.from.role === 'presenter' && ` (${T.presenterMark})`}{' '}
                  <Text span size="xs" c="dimmed">
                    {clock(line.at)}
                  </Text>
                  <br />
                  {line.text}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </div>
      {canWrite ? (
        <form onSubmit={send}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={T.message}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={WEBINAR_LIVE.chatMax}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" disabled={!text.trim()}>
              {T.send}
            </Button>
          </Group>
        </form>
      ) : (
        <Alert color="gray" role="status">
          {T.muted}
        </Alert>
      )}
    </Stack>
  );
}
