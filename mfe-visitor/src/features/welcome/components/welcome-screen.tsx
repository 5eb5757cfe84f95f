import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Store } from '@incontra/contracts/api/stores';
import { welcomeTitleOf } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { pathWithStore } from '../../../app/paths';
import { RetryAlert } from '../../../app/retry-alert';
import { ServiceSuspendedNotice, useServiceSuspended } from '../../../app/service-suspended';
import { useVisitorTexts } from '../../texts/hooks/use-visitor-texts';
import { ActionLink } from './action-link';
import { StoreLinks } from './store-links';
import { Wall } from './walls';

interface WelcomeScreenProps {
  store: Store | null;
  /** The company's other stores, listed under the actions (none when the visitor named a store). */
  otherStores?: readonly Store[];
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
  /**
   * What the store has coming (its webinars), read once the store is known and shown under
   * everything else, so that its arrival moves nothing already painted. Not while the service is
   * suspended: what it leads to is closed then.
   */
  upcoming?(store: Store): ReactNode;
}

/**
 * The visitor's landing page (in the company's frame): the heading and the company's wall, both
 * there from the first render (the inlined company holds them, and the API's first paint shows
 * them in the same place before any script), then the store, the two ways to meet the staff in
 * the words of the shell's store's room, and under them the store's wall. What waits for the
 * stores lands below what is already painted: the actions never move under the visitor's finger.
 */
export function WelcomeScreen({ store, otherStores = [], isLoading, isError, onRetry, upcoming }: WelcomeScreenProps) {
  const { company } = useMfeProps();
  // Only the shell's store (`?store=`) comes with its room's words, there before the page paints;
  // another store's page does not wait for them (its actions are the page's largest paint).
  const texts = useVisitorTexts(store?.id ?? null, { readOtherStores: false });
  const title = (texts.fromShell && texts.own('title')) || welcomeTitleOf(company);
  const waiting = isLoading;
  const suspended = useServiceSuspended();

  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="lg">
        <Title order={1} ta="center">
          {title}
        </Title>
        <Wall owner={company.name} html={company.wall} />
        <div aria-live="polite" aria-busy={waiting} style={{ width: '100%' }}>
          {waiting && <PageLoader />}
          {isError && <RetryAlert title={IT.visitor.storesLoadFailed} onRetry={onRetry} />}
          {!isLoading && !isError && !store && <Text ta="center">{IT.visitor.noStores}</Text>}
          {store && !waiting && (
            <Stack gap="lg">
              <Text ta="center" size="lg">
                {IT.visitor.storeLabel}: <strong>{store.name}</strong>
              </Text>
              {/* A suspended service (the subscription ended): a polite notice in place of the actions. */}
              {suspended ? (
                <ServiceSuspendedNotice />
              ) : (
                <section aria-label={texts.text('description')}>
                  <Text ta="center" fw={500} mb="md">
                    {texts.text('description')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
                    <ActionLink to={pathWithStore(ROUTES.live, store)} label={texts.text('join')} description={texts.text('joinDescription')} />
                    <ActionLink to={pathWithStore(ROUTES.booking, store)} label={texts.text('book')} description={texts.text('bookDescription')} />
                  </SimpleGrid>
                </section>
              )}
              <StoreLinks stores={otherStores} />
            </Stack>
          )}
        </div>
        {store && !waiting && <Wall owner={store.name} html={store.wall} />}
        {store && !waiting && !suspended && upcoming?.(store)}
      </Stack>
    </Container>
  );
}
