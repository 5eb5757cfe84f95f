import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { ROUTES } from '@incontra/contracts/routes';
import { ShellLink } from '../../room/components/flow/shell-link';
import type { LiveEnd } from '../session/live-client';

const T = IT_WEBINAR_LIVE.ended;

const TEXTS: Record<LiveEnd | 'left', string> = {
  ended: T.ended,
  removed: T.removed,
  replaced: T.replaced,
  unauthorized: T.unauthorized,
  abuse: T.abuse,
  'too-many-connections': T.tooManyConnections,
  left: T.left,
};

interface LiveEndedProps {
  reason: LiveEnd | 'left';
  /** The webinar was cancelled rather than ended. */
  cancelled: boolean;
  presenter: boolean;
  webinarId: string;
  onRejoin(): void;
}

/** Why this page's session is over, the way back, and — when coming back makes sense — «Rientra». */
export function LiveEnded({ reason, cancelled, presenter, webinarId, onRejoin }: LiveEndedProps) {
  const text = reason === 'ended' && cancelled ? T.cancelled : TEXTS[reason];
  const back = presenter ? `${ROUTES.webinars}/${encodeURIComponent(webinarId)}` : ROUTES.welcome;
  return (
    <Container component="main" size="sm" py="xl" data-testid="webinar-ended">
      <Stack gap="md">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        <Alert color={reason === 'ended' || reason === 'left' ? 'blue' : 'yellow'} role="status">
          {text}
        </Alert>
        <Group gap="sm">
          {(reason === 'left' || reason === 'replaced') && <Button onClick={onRejoin}>{T.rejoin}</Button>}
          <ShellLink path={back} asButton>
            {presenter ? T.backOffice : T.home}
          </ShellLink>
        </Group>
      </Stack>
    </Container>
  );
}
