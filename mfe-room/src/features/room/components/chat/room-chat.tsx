import { useMemo } from 'react';
import { useRoomActions } from '../../hooks/use-room-actions';
import { useRoomDispatch, useRoomSelector } from '../../store/hooks';
import { chatClosed } from '../../store/chat-slice';
import { selectChatMessages, selectIsStaff, selectRoomInfo } from '../../store/selectors';
import { chatEntriesOf } from '../../utils/chat-entries';
import { ChatPanel } from './chat-panel';
import { RoomDocuments } from '../documents/room-documents';

/** The chat panel bound to the room: messages from the store, sending through the session; documents for staff. */
export function RoomChat({ fullScreen }: { fullScreen: boolean }) {
  const messages = useRoomSelector(selectChatMessages);
  const isStaff = useRoomSelector(selectIsStaff);
  const room = useRoomSelector(selectRoomInfo);
  const dispatch = useRoomDispatch();
  const actions = useRoomActions();
  const entries = useMemo(() => chatEntriesOf(messages), [messages]);
  return (
    <ChatPanel
      entries={entries}
      onSend={actions.sendChat}
      onSendFile={actions.sendFile}
      onClose={() => dispatch(chatClosed())}
      fullScreen={fullScreen}
      documents={isStaff && room ? <RoomDocuments roomId={room.id} onShare={actions.shareDocument} /> : undefined}
    />
  );
}
