import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { QueryState } from '../../../app/management/query-state';

interface ReservationsStateProps {
  query: UseQueryResult<StaffReservation[]>;
  /** Said in place of the appointments when there are none. */
  emptyText: string;
  children: (rows: StaffReservation[]) => ReactNode;
}

/**
 * A view's appointments: the loader, the failure with a retry, «Nessun appuntamento…», or the
 * appointments. While another day comes, the last one stays (marked busy), so the page does not jump.
 */
export function ReservationsState({ query, emptyText, children }: ReservationsStateProps) {
  return (
    <QueryState query={query}>
      {(rows) => (
        <div aria-busy={query.isPlaceholderData}>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {emptyText}
            </Text>
          ) : (
            children(rows)
          )}
        </div>
      )}
    </QueryState>
  );
}
