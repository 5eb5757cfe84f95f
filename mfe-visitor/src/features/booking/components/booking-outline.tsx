import { Alert, Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { pathWithStore } from '../../../app/paths';
import { useVisitorTexts } from '../../texts/hooks/use-visitor-texts';

const STEPS = [IT.visitor.bookingSteps.topic, IT.visitor.bookingSteps.slot, IT.visitor.bookingSteps.personalData];

/**
 * The booking flow's outline: its three steps, until topics and slots can be read. It shows whole
 * once the store and its room's words are known, so that neither the heading nor the store line
 * changes after it is painted.
 */
export function BookingOutline({ store, storeLoading }: { store: Store | null; storeLoading: boolean }) {
  const texts = useVisitorTexts(store?.id ?? null);
  const backTo = pathWithStore(ROUTES.welcome, store);
  if (storeLoading || texts.loading) return <PageLoader minHeight="50vh" />;
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{texts.text('bookingTitle')}</Title>
        {store && <Text>{`${IT.visitor.storeLabel}: ${store.name}`}</Text>}
        <List type="ordered" spacing="xs" size="lg">
          {STEPS.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Alert color="blue" role="note" title={IT.visitor.bookingSoon} />
        <Anchor component={Link} to={backTo}>
          {IT.visitor.back}
        </Anchor>
      </Stack>
    </Container>
  );
}
