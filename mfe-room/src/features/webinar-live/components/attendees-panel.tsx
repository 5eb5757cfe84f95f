import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebinarAttendee } from '@incontra/contracts/realtime/webinar-live';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import type { LiveAction } from '../session/live-client';

const T = IT_WEBINAR_LIVE.attendees;

interface AttendeesPanelProps {
  attendees: readonly WebinarAttendee[];
  act(action: LiveAction): boolean;
  onNotSent(): void;
}

/** Presenters: who is connected, and the removal of a viewer (asked first: it cannot be undone). */
export function AttendeesPanel({ attendees, act, onNotSent }: AttendeesPanelProps) {
  const [target, setTarget] = useState<WebinarAttendee | null>(null);
  const removal = useConfirmAction(async () => {
    if (target && !act({ type: 'remove', seat: target.seat })) onNotSent();
  });
  const viewers = attendees.filter((attendee) => attendee.role === 'viewer');
  const presenters = attendees.filter((attendee) => attendee.role === 'presenter');
  return (
    <Stack gap="sm">
      <Text size="sm">{T.count(attendees.length)}</Text>
      {viewers.length === 0 && (
        <Text c="dimmed" size="sm">
          {T.empty}
        </Text>
      )}
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {[...presenters, ...viewers].map((attendee) => (
          <Paper component="li" key={attendee.seat} withBorder p="xs" radius="md" data-testid="webinar-attendee">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text style={{ overflowWrap: 'anywhere' }}>{attendee.name}</Text>
                <Badge variant="light" color={attendee.role === 'presenter' ? 'blue' : 'gray'}>
                  {attendee.role === 'presenter' ? T.presenter : T.viewer}
                </Badge>
              </Group>
              {attendee.role === 'viewer' && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={T.removeName(attendee.name)}
                  onClick={() => {
                    setTarget(attendee);
                    removal.open();
                  }}
                >
                  {T.remove}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        action={removal}
        title={T.removeTitle(target?.name ?? '')}
        text={T.removeBody}
        keepLabel={IT_WEBINAR_LIVE.console.cancel}
        confirmLabel={T.removeConfirm}
      />
    </Stack>
  );
}
