import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { joinStaffLine } from '@incontra/contracts/realtime/staff-line';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';

/** While the lobby socket is down, the requests are read again this often instead. */
export const POS_FALLBACK_INTERVAL_MS = 30_000;

/**
 * Keeps the requests shown current: the server tells the staff lobby socket `{ type: 'pos' }` when
 * a request of a store this staff member serves is paid, cancelled or expires, and the lists, the
 * totals and an open request are read again (its status turns to «Pagato» without a reload). The
 * socket is the page's one line, which the back office's layout offers (never a second socket); a
 * new socket's welcome (`queue`) and each fallback round while it is down mean "anything may have
 * changed meanwhile".
 */
export function usePosChanges(): void {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.posPayments(company.id) });
    return joinStaffLine({
      onMessage: (message) => {
        if (message.type === 'pos' || message.type === 'queue') void refresh();
      },
      fallback: { intervalMs: POS_FALLBACK_INTERVAL_MS, poll: refresh },
    });
  }, [company.id, queryClient]);
}
