import { Alert, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Store } from '@incontra/contracts/api/stores';
import { welcomeTitleOf } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { pathWithStore } from '../../../app/paths';
import { ActionLink } from './action-link';
import { Walls } from './walls';

interface WelcomeScreenProps {
  store: Store | null;
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

/**
 * The visitor's landing page (in the company's frame): the store, the two ways to meet the staff,
 * and under them the walls. The walls wait for the store, so nothing appears above the actions
 * once they are painted: the actions never move down under the visitor's finger.
 */
export function WelcomeScreen({ store, isLoading, isError, onRetry }: WelcomeScreenProps) {
  const { company } = useMfeProps();
  const title = welcomeTitleOf(company);

  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="lg">
        <Title order={1} ta="center">
          {title}
        </Title>
        <div aria-live="polite" aria-busy={isLoading} style={{ width: '100%' }}>
          {isLoading && <PageLoader />}
          {isError && (
            <Alert color="red" role="alert" title={IT.visitor.storesLoadFailed}>
              <Button variant="light" color="red" mt="sm" onClick={onRetry}>
                {IT.shell.retry}
              </Button>
            </Alert>
          )}
          {!isLoading && !isError && !store && <Text ta="center">{IT.visitor.noStores}</Text>}
          {store && (
            <Stack gap="lg">
              <Text ta="center" size="lg">
                {IT.visitor.storeLabel}: <strong>{store.name}</strong>
              </Text>
              <section aria-label={IT.visitor.chooseAction}>
                <Text ta="center" fw={500} mb="md">
                  {IT.visitor.chooseAction}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
                  <ActionLink to={pathWithStore(ROUTES.live, store)} label={IT.visitor.join} description={IT.visitor.joinDescription} />
                  <ActionLink to={pathWithStore(ROUTES.booking, store)} label={IT.visitor.book} description={IT.visitor.bookDescription} />
                </SimpleGrid>
              </section>
            </Stack>
          )}
        </div>
        {!isLoading && <Walls company={company} store={store} />}
      </Stack>
    </Container>
  );
}
