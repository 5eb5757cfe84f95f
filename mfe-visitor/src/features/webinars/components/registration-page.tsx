import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { RetryAlert } from '../../../app/retry-alert';
import { useRegistration } from '../api/get-registration';
import type { RegistrationCredentials } from '../api/registration-calls';
import { RegistrationView } from './registration-view';

const T = IT_WEBINAR_PAGES.registration;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

function LoadedRegistration({ credentials }: { credentials: RegistrationCredentials }) {
  const registration = useRegistration(credentials);
  // Once read, the registration stays on the page: a later read that fails (on focus) does not hide it.
  if (registration.data) {
    return (
      <Frame title={T.title}>
        <RegistrationView registration={registration.data} credentials={credentials} />
      </Frame>
    );
  }
  if (registration.isPending) return <PageLoader minHeight="50vh" />;
  const error = registration.error;
  // A wrong or cut link (404) and a missing token (401) say the same thing: use the e-mail's link.
  if (isApiStatus(error, 404) || isApiStatus(error, 401)) {
    return (
      <Frame title={T.notFoundTitle}>
        <Text data-testid="registration-link-invalid">{T.notFoundText}</Text>
      </Frame>
    );
  }
  return (
    <Frame title={T.title}>
      <RetryAlert title={apiErrorMessage(error, T.loadFailed)} onRetry={() => void registration.refetch()} />
    </Frame>
  );
}

/**
 * `/webinar/iscrizione/{id}?token=…`: the registrant's own page, reached from the e-mails' link or
 * right after registering. The token proves the right to it; without one there is nothing to ask.
 */
export function RegistrationPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <Frame title={T.title}>
        <Text data-testid="registration-link-invalid">{IT_WEBINARS.tokenRequired}</Text>
      </Frame>
    );
  }
  return <LoadedRegistration credentials={{ id, token }} />;
}
