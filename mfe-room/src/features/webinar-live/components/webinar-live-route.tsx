import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { ROUTES } from '@incontra/contracts/routes';
import { usePageTitle } from '@incontra/mfe-kit/use-page-title';
import { readWebinarJoin } from '@incontra/mfe-kit/webinar-join-handoff';
import { ShellLink } from '../../room/components/flow/shell-link';
import { WebinarLivePage } from './webinar-live-page';

const T = IT_WEBINAR_LIVE.noCredential;

function NoCredential() {
  usePageTitle(IT_WEBINAR_LIVE.pageTitle);
  return (
    <Container component="main" size="sm" py="xl" data-testid="webinar-no-credential">
      <Stack gap="md">
        <Title order={1} size="h2">
          {T.title}
        </Title>
        <Alert color="blue" role="status">
          <Stack gap="xs">
            <Text>{T.viewer}</Text>
            <Text>{T.staff}</Text>
          </Stack>
        </Alert>
        <ShellLink path={ROUTES.welcome} asButton>
          {T.home}
        </ShellLink>
      </Stack>
    </Container>
  );
}

/**
 * /room/webinar/{id}: the live session with the credential this tab was handed (the registrant's
 * page or the back office asked for it); without one, how to get in. The credential is read once
 * per visit — the session forgets it when it ends for good, and the page saying why must stay —
 * and again for «Rientra».
 */
export function WebinarLiveRoute() {
  const { webinarId = '' } = useParams();
  const [visit, setVisit] = useState(() => ({ webinarId, attempt: 0, join: readWebinarJoin(webinarId) }));
  // Another webinar's address in the same page: its own credential.
  const current = visit.webinarId === webinarId ? visit : { webinarId, attempt: 0, join: readWebinarJoin(webinarId) };
  if (current !== visit) setVisit(current);
  if (!current.join) return <NoCredential />;
  return (
    <WebinarLivePage
      key={`${webinarId}:${current.attempt}`}
      join={current.join}
      onRejoin={() => setVisit({ webinarId, attempt: current.attempt + 1, join: readWebinarJoin(webinarId) })}
    />
  );
}
