import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { pathWithStore } from '../../../app/paths';
import { RetryAlert } from '../../../app/retry-alert';
import { useCompanyConfig } from '../../stores/api/get-company-config';
import { useSelectedStore } from '../../stores/hooks/use-selected-store';
import { useVisitorTexts } from '../../texts/hooks/use-visitor-texts';
import { BookingFlow } from './booking-flow';
import { StoreChoice } from './store-choice';

/**
 * `/prenota`: the visitor books an appointment in the store of `?store=` (the one the shell
 * loaded, or one of the company's), or first chooses one when the company has several and the
 * link named none. The page shows once the store and its room's words are known, so that the
 * heading is not swapped under the visitor's eyes.
 */
export function BookingPage() {
  const { company, storeContext } = useMfeProps();
  const [params, setParams] = useSearchParams();
  const selection = useSelectedStore();
  const choosing = !params.get('store') && !storeContext.store;
  const config = useCompanyConfig({ enabled: choosing });
  const stores = config.data?.stores ?? [];
  const askStore = choosing && stores.length > 1;
  const store = askStore ? null : selection.store;
  const texts = useVisitorTexts(store?.id ?? null);
  const title = texts.text('bookingTitle');
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(title, company.name));
  // Painted once per store: a later read of the same store config (the topics, read again after
  // a failure) must not take the page, and the flow's state with it, away again.
  const [paintedFor, setPaintedFor] = useState<string | null | undefined>(undefined);

  const content = () => {
    if (selection.isError) {
      return <RetryAlert title={IT.visitor.storesLoadFailed} onRetry={selection.retry} />;
    }
    if (askStore) {
      return (
        <Stack gap="md">
          <Title order={2}>{IT_BOOKING_PAGES.store.title}</Title>
          <StoreChoice stores={stores} onChoose={(chosen) => setParams({ store: chosen.id })} />
        </Stack>
      );
    }
    if (!store) return <Text>{IT.visitor.noStores}</Text>;
    return (
      <Stack gap="md">
        <Text>{`${IT.visitor.storeLabel}: ${store.name}`}</Text>
        <BookingFlow key={store.id} store={store} />
      </Stack>
    );
  };

  const painted = paintedFor === (store?.id ?? null);
  const loading = selection.isLoading || texts.loading;
  if (!painted && !loading) setPaintedFor(store?.id ?? null);
  if (!painted && loading) return <PageLoader minHeight="50vh" />;
  // Wide enough for the calendar and the day's times side by side on a desktop.
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {content()}
        <Anchor component={Link} to={pathWithStore(ROUTES.welcome, store)}>
          {IT.visitor.back}
        </Anchor>
      </Stack>
    </Container>
  );
}
