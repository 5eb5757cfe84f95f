import { Button } from '@mantine/core';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { alternativesOf, nearestFreeTimes, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { SlotTakenNotice as FreeTimesNotice } from '@incontra/mfe-kit/booking/slot-taken-notice';
import { useBookableSlots } from '../hooks/use-bookable-slots';

const T = IT_BOOKING_PAGES.slotTaken;

export interface SlotTakenNoticeProps {
  /** The 409 refusing `refused`. */
  error: unknown;
  refused: FreeTime;
  storeId: string;
  topicId: string;
  onPick(slot: FreeTime): void;
  /** Back to the whole calendar, when nothing near is free. */
  onChooseElsewhere(): void;
}

/**
 * The kit's notice in the visitor's words, with the free times nearest to the refused one: the
 * ones the API sent along, or else those of the availability read again after the refusal (the
 * caller refreshes it); when none, the way back to the calendar.
 */
export function SlotTakenNotice({ error, refused, storeId, topicId, onPick, onChooseElsewhere }: SlotTakenNoticeProps) {
  const { slots } = useBookableSlots(storeId, topicId);
  const refreshed = !slots.isFetching && slots.data ? nearestFreeTimes(slots.data, refused) : null;
  return (
    <FreeTimesNotice
      error={error}
      alternatives={alternativesOf(error) ?? refreshed}
      texts={T}
      onPick={onPick}
      noneAction={
        <Button variant="light" onClick={onChooseElsewhere}>
          {T.backToCalendar}
        </Button>
      }
    />
  );
}
