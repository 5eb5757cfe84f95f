import { Badge } from '@mantine/core';
import type { PosStatus } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';

const COLOR: Record<PosStatus, string> = { requested: 'blue', paid: 'green', cancelled: 'gray', expired: 'gray' };

/** A request's status in words, as wide as its word (a narrow column would cut it). */
export function PosStatusBadge({ status }: { status: PosStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" miw="max-content" data-status={status}>
      {IT_POS_PAGES.statuses[status]}
    </Badge>
  );
}
