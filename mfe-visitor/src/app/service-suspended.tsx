import { Alert, Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { pathWithStore } from './paths';

/**
 * Whether the company's service is suspended (its subscription ended: the API refuses the live
 * and booking actions). Read from the company the shell hands over, cached with its lockout.
 */
export function useServiceSuspended(): boolean {
  return useMfeProps().company.serviceSuspended === true;
}

/** The polite notice that takes the place of the live and booking actions. */
export function ServiceSuspendedNotice() {
  const { company } = useMfeProps();
  return (
    <Alert color="gray" variant="light" title={IT_LOCKOUT.visitor.title} data-testid="service-suspended">
      {IT_LOCKOUT.visitor.text(company.name)}
    </Alert>
  );
}

/**
 * The live and booking pages while the service is suspended: the page's heading, the notice and
 * the way back to the welcome page (of the same store). Their chunks are not even loaded.
 */
export function ServiceSuspendedPage({ heading }: { heading: string }) {
  const { search } = useLocation();
  const store = new URLSearchParams(search).get('store');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        <ServiceSuspendedNotice />
        <Anchor component={Link} to={pathWithStore(ROUTES.welcome, store === null ? null : { id: store })}>
          {IT.visitor.back}
        </Anchor>
      </Stack>
    </Container>
  );
}
