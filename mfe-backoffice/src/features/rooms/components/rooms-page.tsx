import { Title } from '@mantine/core';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';

/** The section page (being built: a heading only for now). */
export function RoomsPage() {
  return <Title order={1}>{IT_MANAGEMENT.nav.rooms}</Title>;
}
