import { hasStaffLine, offerStaffLine } from '@incontra/contracts/realtime/staff-line';
import { createStaffLobbyLink, type StaffLobbyLinkOptions } from '@incontra/mfe-kit/realtime/staff-lobby-link';
import { useEffect } from 'react';

export type StaffLobbyLineOptions = Pick<StaffLobbyLinkOptions, 'origin' | 'createSocket'>;

/**
 * In a call, staff's payment cards hear the staff lobby socket through the page's one line. The
 * room remote is alone on its page (the back office, which holds the line elsewhere, is not
 * mounted there): while `offer` is true and nobody else offers one, the room offers its own.
 */
export function useStaffLineInRoom(offer: boolean, options?: StaffLobbyLineOptions): void {
  useEffect(() => {
    if (!offer || hasStaffLine()) return undefined;
    // Offered, the line costs nothing: its socket opens with the first card that joins it.
    return offerStaffLine(createStaffLobbyLink(options));
    // The options are the tests' socket factory, fixed for a page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer]);
}
