import { Alert, Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { pathWithStore } from '../../../app/paths';

const STEPS = [IT.visitor.bookingSteps.topic, IT.visitor.bookingSteps.slot, IT.visitor.bookingSteps.personalData];

/** The booking flow's outline: its three steps, until topics and slots can be read. */
export function BookingOutline({ store }: { store: Store | null }) {
  const backTo = pathWithStore(ROUTES.welcome, store);
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{IT.visitor.bookingTitle}</Title>
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
