import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from '../api/agenda-keys';
import { useAgendaChanges } from '../realtime/use-agenda-changes';

/**
 * Reads the appointments again whenever the API says a store's changed (a customer booked, a
 * colleague moved one): new bookings appear without a reload. That store's free times go stale
 * too; all of them when the line was down and anything may have changed (null).
 */
export function useAgendaRefresh(): void {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const onChange = useCallback(
    (storeId: string | null) => {
      void queryClient.invalidateQueries({ queryKey: agendaKeys.reservations(company.id) });
      void queryClient.invalidateQueries({ queryKey: storeId === null ? agendaKeys.slots(company.id) : agendaKeys.storeSlots(company.id, storeId) });
    },
    [queryClient, company.id],
  );
  useAgendaChanges(onChange);
}
