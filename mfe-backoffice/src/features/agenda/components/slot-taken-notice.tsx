import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { alternativesOf, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { SlotTakenNotice as FreeTimesNotice } from '@incontra/mfe-kit/booking/slot-taken-notice';

/** The kit's notice in the agenda's words: the free times the API sent along (none: say so), dense buttons. */
export function SlotTakenNotice({ error, onPick }: { error: unknown; onPick: (slot: FreeTime) => void }) {
  return <FreeTimesNotice error={error} alternatives={alternativesOf(error) ?? []} texts={IT_AGENDA.slots} size="xs" onPick={onPick} />;
}
