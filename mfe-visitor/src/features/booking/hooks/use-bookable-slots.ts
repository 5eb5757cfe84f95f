import { bookingRules } from '@incontra/contracts/api/reservations';
import { addDays, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useSlots } from '../api/get-store-slots';

/**
 * The free times of a topic over the company's whole booking horizon (today and the following
 * days, `horizonDays` in all, on the company's clock): the calendar and the times offered after a
 * refusal read the same answer.
 */
export function useBookableSlots(storeId: string, topicId: string) {
  const { company } = useMfeProps();
  const { horizonDays } = bookingRules(company.settings);
  const from = todayIn(company.timeZone);
  const slots = useSlots({ storeId, topicId, from, to: addDays(from, horizonDays - 1) });
  return { slots, from, horizonDays };
}
