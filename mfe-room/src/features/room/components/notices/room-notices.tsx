import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import type { MediaFailure } from '../../media/types';
import { useRoomDispatch, useRoomSelector } from '../../store/hooks';
import { selectConnectionStatus, selectLocalMedia, selectStaffMuteNotice } from '../../store/selectors';
import { staffMuteNoticeDismissed } from '../../store/staff-mute-slice';
import { ReconnectingBanner } from './connection-banner';
import { RoomErrorAlert, type RoomErrorKind } from './room-error-alert';

const MEDIA_ERROR: Partial<Record<MediaFailure, RoomErrorKind>> = {
  'permission-denied': 'permission-denied',
  'device-busy': 'device-busy',
  'no-device': 'no-device',
  unsupported: 'unsupported',
};

/**
 * What the room says above the videos while the call goes on: reconnecting, a problem with one's
 * own devices, effects that cannot run here, a microphone muted by staff. Each notice but the
 * reconnection can be dismissed (until it changes).
 */
export function RoomNotices() {
  const status = useRoomSelector(selectConnectionStatus);
  const media = useRoomSelector(selectLocalMedia);
  const [dismissedFailure, setDismissedFailure] = useState<MediaFailure | null>(null);
  const [effectsNoticeDismissed, setEffectsNoticeDismissed] = useState(false);
  const mediaError = media.failure && media.failure !== dismissedFailure ? MEDIA_ERROR[media.failure] : undefined;
  const showEffectsNotice = !media.effectsSupported && media.cameraOn && !effectsNoticeDismissed;
  const mutedByStaff = useRoomSelector(selectStaffMuteNotice);
  const dispatch = useRoomDispatch();

  if (status !== 'reconnecting' && !mediaError && !showEffectsNotice && !mutedByStaff) return null;
  return (
    <Stack gap={0}>
      {status === 'reconnecting' && <ReconnectingBanner />}
      {mediaError && <RoomErrorAlert kind={mediaError} onClose={() => setDismissedFailure(media.failure)} />}
      {mutedByStaff && (
        // A status, not an alert: it explains a change the guest can undo, it does not interrupt.
        <Alert
          color="yellow"
          py={6}
          role="status"
          data-testid="room-notice-muted-by-staff"
          withCloseButton
          closeButtonLabel={`${IT_ROOM.closePanel}: ${IT_ROOM.mutedByStaff}`}
          onClose={() => dispatch(staffMuteNoticeDismissed())}
        >
          {IT_ROOM.mutedByStaff}
        </Alert>
      )}
      {showEffectsNotice && (
        <Alert
          color="blue"
          py={6}
          data-testid="room-notice-effects"
          withCloseButton
          closeButtonLabel={IT_ROOM.closePanel}
          onClose={() => setEffectsNoticeDismissed(true)}
        >
          {IT_ROOM.effectsUnsupported}
        </Alert>
      )}
    </Stack>
  );
}
