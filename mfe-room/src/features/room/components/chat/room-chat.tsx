import { useMemo } from 'react';
import { useRoomActions } from '../../hooks/use-room-actions';
import { useRoomSelector } from '../../store/hooks';
import { selectChatMessages, selectIsStaff, selectRoomInfo } from '../../store/selectors';
import { chatEntriesOf } from '../../utils/chat-entries';
import { ChatPanel } from './chat-panel';
import { RoomDocuments } from '../documents/room-documents';
import { PaymentRequest } from '../../payments/payment-request';
import { useStaffLineInRoom } from '../../payments/staff-lobby-line';

/** The chat panel bound to the room: messages from the store, sending through the session; payment requests and documents for staff. */
export function RoomChat({ fullScreen, onClose }: { fullScreen: boolean; onClose(): void }) {
  const messages = useRoomSelector(selectChatMessages);
  const isStaff = useRoomSelector(selectIsStaff);
  const room = useRoomSelector(selectRoomInfo);
  const actions = useRoomActions();
  const entries = useMemo(() => chatEntriesOf(messages), [messages]);
  // Staff's payment cards hear the staff lobby socket for «Pagato».
  useStaffLineInRoom(isStaff);
  return (
    <ChatPanel
      entries={entries}
      onSend={actions.sendChat}
      onSendFile={actions.sendFile}
      onClose={onClose}
      fullScreen={fullScreen}
      documents={
        isStaff && room ? (
          <>
            <PaymentRequest roomId={room.id} onSend={actions.sendPayment} />
            <RoomDocuments roomId={room.id} onShare={actions.shareDocument} />
          </>
        ) : undefined
      }
    />
  );
}
