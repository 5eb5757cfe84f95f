import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { pathWithStore } from '../../../app/paths';

interface StoreLinksProps {
  /** The company's stores other than the one the page's actions are for. */
  stores: readonly Store[];
}

/**
 * The welcome page's way to the company's other stores: without it a visitor on "/" could only
 * call the first store live. Each store's name leads to its live call; the links do not say
 * "Partecipa", so the page keeps one "Partecipa" (the big action) to find by name.
 */
export function StoreLinks({ stores }: StoreLinksProps) {
  const headingId = useId();
  if (stores.length === 0) return null;
  return (
    <section aria-labelledby={headingId} style={{ width: '100%' }}>
      <Title order={2} size="h4" ta="center" id={headingId}>
        {IT.visitor.otherStoresTitle}
      </Title>
      <Text ta="center" mt={4} mb="sm">
        {IT.visitor.otherStoresHint}
      </Text>
      <Stack component="ul" gap="xs" align="center" m={0} p={0} style={{ listStyle: 'none' }}>
        {stores.map((store) => (
          <li key={store.id}>
            <Anchor component={Link} to={pathWithStore(ROUTES.live, store)} fw={600} underline="always">
              {store.name}
            </Anchor>
            {store.address && <Text component="span">{` · ${store.address}`}</Text>}
          </li>
        ))}
      </Stack>
    </section>
  );
}
