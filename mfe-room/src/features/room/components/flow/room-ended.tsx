import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ROUTES } from '@incontra/contracts/routes';
import { CompanyHeader } from '@incontra/mfe-kit/company-header';
import { RoomErrorAlert, type RoomErrorKind } from '../notices/room-error-alert';
import { ShellLink } from './shell-link';

/** The words and the way out of the end screen: staff go back to their dashboard. */
export interface RoomEndedTexts {
  title: string;
  /** The title when the room ended against one's will (the reason follows in an alert). */
  errorTitle: string;
  text: string;
  back: { path: string; label: string };
  /** A visitor's end screen carries the company's logo and name, like every visitor page. */
  companyFrame?: boolean;
}

const STAFF_TEXTS: RoomEndedTexts = {
  title: IT_ROOM.endedTitle,
  errorTitle: IT_ROOM.endedWithErrorTitle,
  text: IT_ROOM.endedText,
  back: { path: ROUTES.admin, label: IT_ROOM.backToDashboard },
};

interface RoomEndedProps {
  /** Why the room ended when it was not one's own choice. */
  error: RoomErrorKind | null;
  /** Back through the pre-join; not offered to someone who was removed. */
  onRejoin?(): void;
  texts?: RoomEndedTexts;
}

/**
 * After quitting or being put out: what happened, and the way back, as the page's main landmark
 * (below the company's banner for a visitor). The focus starts on the heading.
 */
export function RoomEnded({ error, onRejoin, texts = STAFF_TEXTS }: RoomEndedProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      {texts.companyFrame && <CompanyHeader />}
      <Center component="main" mih="60vh" p="md" data-testid="room-ended">
        <Paper withBorder p="xl" maw={480} w="100%">
          <Stack gap="md">
            <Title ref={heading} order={1} size="h3" tabIndex={-1} data-testid="room-ended-heading">
              {error ? texts.errorTitle : texts.title}
            </Title>
            {error ? <RoomErrorAlert kind={error} /> : <Text c="dimmed">{texts.text}</Text>}
            <Group>
              {onRejoin && error !== 'removed' && (
                <Button onClick={onRejoin} variant="light">
                  {IT_ROOM.rejoin}
                </Button>
              )}
              <ShellLink path={texts.back.path}>{texts.back.label}</ShellLink>
            </Group>
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
