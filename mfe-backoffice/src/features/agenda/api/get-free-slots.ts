import { useQuery } from '@tanstack/react-query';
import { bookingRules, SLOTS_RANGE_DAYS_MAX, storeSlotsSchema, type StoreSlots } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { addDays, spansOf, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from './agenda-keys';

export interface SlotsRange {
  storeId: string;
  topicId: string;
  /** Dates of the company's zone, both included. */
  from: string;
  to: string;
}

/** GET /api/config/store/{id}/slots: a topic's free times, day by day (the company from the page's origin, as for the visitor). */
export function getFreeSlots({ storeId, topicId, from, to }: SlotsRange, signal?: AbortSignal): Promise<StoreSlots> {
  const query = new URLSearchParams({ topic: topicId, from, to });
  return apiRequest(`/api/config/store/${encodeURIComponent(storeId)}/slots?${query}`, {
    schema: storeSlotsSchema,
    headers: { 'x-origin': window.location.origin },
    signal,
  });
}

/**
 * A topic's free times over the company's booking horizon (today and the following days, on its
 * clock): the API answers at most SLOTS_RANGE_DAYS_MAX days at once, so a longer horizon is asked
 * in spans, together. Staff book by the customer's rules, so these are the times they may choose.
 */
export function useFreeSlots(storeId: string, topicId: string | null) {
  const { company } = useMfeProps();
  const { horizonDays } = bookingRules(company.settings);
  const from = todayIn(company.timeZone);
  const to = addDays(from, horizonDays - 1);
  const slots = useQuery({
    queryKey: agendaKeys.topicSlots(company.id, storeId, topicId ?? '', from, to),
    queryFn: async ({ signal }): Promise<StoreSlots> => {
      const range = { storeId, topicId: topicId!, from, to };
      const answers = await Promise.all(spansOf(from, to, SLOTS_RANGE_DAYS_MAX).map((span) => getFreeSlots({ ...range, ...span }, signal)));
      return { timeZone: answers[0]?.timeZone ?? company.timeZone, price: answers[0]?.price ?? null, days: answers.flatMap((answer) => answer.days) };
    },
    enabled: topicId !== null,
    // Others book meanwhile: a free time seen a minute ago may be gone.
    staleTime: 30_000,
  });
  return { slots, from, to, horizonDays };
}
