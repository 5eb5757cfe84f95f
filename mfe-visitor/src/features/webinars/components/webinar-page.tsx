import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PublicWebinar } from '@incontra/contracts/api/webinars';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { hasRichText } from '@incontra/contracts/visitor-texts';
import { isApiStatus } from '@incontra/mfe-kit/api-error';
import { useNow } from '@incontra/mfe-kit/dates/use-now';
import { NotFoundNotice } from '@incontra/mfe-kit/not-found-notice';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { pathWithStore } from '../../../app/paths';
import { RetryAlert } from '../../../app/retry-alert';
import { RichText } from '../../../app/rich-text';
import { useWebinar } from '../api/get-webinar';
import { closedReason } from '../dates/webinar-phase';
import { RegistrationForm } from './registration-form';
import { WebinarFacts } from './webinar-facts';

const T = IT_WEBINAR_PAGES.page;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

function WebinarDetails({ webinar }: { webinar: PublicWebinar }) {
  // Read twice a minute: a page left open past the start closes its form.
  const now = useNow(30_000);
  const formHeadingId = useId();
  const closed = closedReason(webinar, now);
  return (
    <Frame title={webinar.title}>
      <WebinarFacts webinar={webinar} withSeats={closed === null || closed === 'full'} />
      {hasRichText(webinar.description) && (
        <Paper component="section" aria-label={T.description} withBorder radius="md" p="md">
          <RichText html={webinar.description} />
        </Paper>
      )}
      {closed === null ? (
        <Stack component="section" aria-labelledby={formHeadingId} gap="sm">
          <Title order={2} size="h3" id={formHeadingId}>
            {IT_WEBINAR_PAGES.form.title}
          </Title>
          <Text>{IT_WEBINAR_PAGES.form.lead}</Text>
          <RegistrationForm webinarId={webinar.id} />
        </Stack>
      ) : (
        <Alert color={closed === 'cancelled' ? 'red' : 'gray'} variant="light" data-testid="webinar-closed">
          {T.closed[closed]}
        </Alert>
      )}
      <Anchor component={Link} to={pathWithStore(ROUTES.welcome, webinar.store)}>
        {T.back}
      </Anchor>
    </Frame>
  );
}

/**
 * `/webinar/{id}`: a webinar as visitors see it (what, where, when, the seats left and its
 * description), with the registration form while it takes registrations, else the reason why not.
 * An unknown webinar (or a draft) is the remote's not-found page.
 */
export function WebinarPage() {
  const { id = '' } = useParams();
  const webinar = useWebinar(id);
  // Once read, the webinar stays on the page: a later read that fails (on focus) does not hide it.
  if (webinar.data) return <WebinarDetails webinar={webinar.data} />;
  if (webinar.isPending) return <PageLoader minHeight="50vh" />;
  if (isApiStatus(webinar.error, 404)) return <NotFoundNotice />;
  return (
    <Frame title={IT_PAGE_TITLES.webinar}>
      <RetryAlert title={T.loadFailed} onRetry={() => void webinar.refetch()} />
    </Frame>
  );
}
