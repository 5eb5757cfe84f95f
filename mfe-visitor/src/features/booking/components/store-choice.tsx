import { Stack, Text } from '@mantine/core';
import type { Store } from '@incontra/contracts/api/stores';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { OptionButton } from './option-button';

/** Which store to book in, when the company has several and the link named none. */
export function StoreChoice({ stores, onChoose }: { stores: readonly Store[]; onChoose(store: Store): void }) {
  return (
    <Stack gap="xs">
      <Text>{IT_BOOKING_PAGES.store.lead}</Text>
      {stores.map((store) => (
        <OptionButton key={store.id} onClick={() => onChoose(store)}>
          <Text component="span" fw={600} display="block">
            {store.name}
          </Text>
          {store.address && (
            <Text component="span" size="sm" c="dimmed" display="block">
              {store.address}
            </Text>
          )}
        </OptionButton>
      ))}
    </Stack>
  );
}
