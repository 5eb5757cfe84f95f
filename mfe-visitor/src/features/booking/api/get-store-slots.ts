import { queryOptions, useQuery } from '@tanstack/react-query';
import { SLOTS_RANGE_DAYS_MAX, storeSlotsSchema, type StoreSlots } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { spansOf } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

export interface SlotsRange {
  storeId: string;
  topicId: string;
  /** Dates of the company's zone, both included. */
  from: string;
  to: string;
}

/** GET /api/config/store/{id}/slots: the free times of a topic, day by day (the company from the page's origin). */
export function getStoreSlots(origin: string, { storeId, topicId, from, to }: SlotsRange, signal?: AbortSignal): Promise<StoreSlots> {
  const query = new URLSearchParams({ topic: topicId, from, to });
  return apiRequest(`/api/config/store/${encodeURIComponent(storeId)}/slots?${query.toString()}`, {
    schema: storeSlotsSchema,
    headers: { 'x-origin': origin },
    signal,
  });
}

/** Every free time of a topic: one key per store and topic, so that a refusal can refresh them all. */
export const topicSlotsKey = (companyId: string, storeId: string, topicId: string) => ['company', companyId, 'stores', storeId, 'slots', topicId] as const;

/**
 * The free times of a whole range, however long the company's horizon: the API answers at most
 * SLOTS_RANGE_DAYS_MAX days at once, so a longer range is asked in spans, together.
 */
export function getSlotsQueryOptions(companyId: string, origin: string, range: SlotsRange) {
  return queryOptions({
    queryKey: [...topicSlotsKey(companyId, range.storeId, range.topicId), range.from, range.to] as const,
    queryFn: async ({ signal }): Promise<StoreSlots> => {
      const answers = await Promise.all(
        spansOf(range.from, range.to, SLOTS_RANGE_DAYS_MAX).map((span) => getStoreSlots(origin, { ...range, ...span }, signal)),
      );
      return { timeZone: answers[0]?.timeZone ?? '', price: answers[0]?.price ?? null, days: answers.flatMap((answer) => answer.days) };
    },
    // Others book meanwhile: a free time seen a minute ago may be gone.
    staleTime: 30_000,
  });
}

export function useSlots(range: SlotsRange) {
  const { company } = useMfeProps();
  return useQuery(getSlotsQueryOptions(company.id, window.location.origin, range));
}
