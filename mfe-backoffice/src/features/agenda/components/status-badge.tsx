import { Badge } from '@mantine/core';
import type { ReservationStatus } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';

const COLORS: Record<ReservationStatus, string> = { booked: 'blue', cancelled: 'gray', completed: 'green', no_show: 'orange', held: 'yellow', expired: 'gray' };

/** «Prenotato», «Annullato», «Svolto», «Non presentato»: the word says it, the colour only helps. */
export function StatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <Badge component="span" color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {IT_AGENDA.statuses[status]}
    </Badge>
  );
}
