import { Text } from '@mantine/core';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { browserTimeZone } from '../dates/format-dates';

/** Says which clock the times are on, when it is not the visitor's own (a visitor abroad, say). */
export function TimeZoneNote({ timeZone }: { timeZone: string }) {
  if (browserTimeZone() === timeZone) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="time-zone-note">
      {IT_BOOKING_PAGES.slot.timeZoneNote(timeZone)}
    </Text>
  );
}
