import { Box } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { useIsPhone } from '../../hooks/use-is-phone';
import { useKeyboardShortcuts, useShortcutsPreference } from '../../hooks/use-keyboard-shortcuts';
import { useRoomActions } from '../../hooks/use-room-actions';
import { bundledBackgroundImages } from '../../media/effects/background-images';
import { chatClosed, chatToggled } from '../../store/chat-slice';
import { useRoomDispatch, useRoomSelector } from '../../store/hooks';
import { selectChatOpen, selectLocalMedia, selectParticipantCount, selectRoomInfo, selectUnreadCount } from '../../store/selectors';
import { RemoteAudio } from '../tiles/remote-audio';
import { RoomChat } from '../chat/room-chat';
import { RoomControls } from '../controls/room-controls';
import { RoomHeader } from './room-header';
import { RoomNotices } from '../notices/room-notices';
import { RoomParticipantsPanel } from '../participants/room-participants';
import { SettingsMenu } from '../controls/settings-menu';
import { RoomStage } from '../tiles/room-stage';

const screenShareSupported = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * The room as the spec lays it out: header (55 px), the stage (videos and the audio-only list,
 * sized to fit), an optional side panel (chat or participants, full screen on phones), controls
 * (60 px). It ends above the shell's bottom layer (the cookie banner), which would otherwise
 * cover the controls. Entering puts the focus on the room's heading; a panel closed from inside
 * (its close button, Escape) gives it back to the button that opened it.
 */
export function RoomView({ onQuit }: { onQuit(): void }) {
  const room = useRoomSelector(selectRoomInfo);
  const count = useRoomSelector(selectParticipantCount);
  const media = useRoomSelector(selectLocalMedia);
  const chatOpen = useRoomSelector(selectChatOpen);
  const unread = useRoomSelector(selectUnreadCount);
  const dispatch = useRoomDispatch();
  const actions = useRoomActions();
  const phone = useIsPhone();
  const [participantsOpen, setParticipantsOpen] = useState(false);
  const [shortcutsEnabled, setShortcutsEnabled] = useShortcutsPreference();
  const backgroundImages = useMemo(bundledBackgroundImages, []);
  const screenSupported = useMemo(screenShareSupported, []);
  const heading = useRef<HTMLHeadingElement>(null);
  const chatButton = useRef<HTMLButtonElement>(null);
  const participantsButton = useRef<HTMLButtonElement>(null);

  // Where the focus goes once a panel closed from inside is gone (its button, no longer inert).
  const returnFocus = useRef<HTMLElement | null>(null);
  // On phones a panel covers the room: what it covers is out of reach (Tab, screen readers).
  const covered = phone && (chatOpen || participantsOpen);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (chatOpen || participantsOpen || !returnFocus.current) return;
    returnFocus.current.focus();
    returnFocus.current = null;
  }, [chatOpen, participantsOpen]);

  useKeyboardShortcuts({ microphone: actions.toggleMicrophone, camera: actions.toggleCamera, screen: actions.toggleScreenShare }, shortcutsEnabled);

  const toggleChat = () => {
    setParticipantsOpen(false);
    dispatch(chatToggled());
  };
  const toggleParticipants = () => {
    dispatch(chatClosed());
    setParticipantsOpen((open) => !open);
  };
  const closeChat = () => {
    returnFocus.current = chatButton.current;
    dispatch(chatClosed());
  };
  const closeParticipants = () => {
    returnFocus.current = participantsButton.current;
    setParticipantsOpen(false);
  };

  return (
    <Box
      data-testid="room"
      data-layout={phone ? 'phone' : 'wide'}
      style={{ height: `calc(100dvh - ${SHELL_BOTTOM_INSET.css})`, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <RoomHeader
        name={room?.name ?? ''}
        headingRef={heading}
        inert={covered}
        count={count}
        max={room?.maxParticipants ?? null}
        actions={<SettingsMenu shortcutsEnabled={shortcutsEnabled} onShortcutsChange={setShortcutsEnabled} />}
      />
      <div inert={covered}>
        <RoomNotices />
      </div>
      <Box style={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <Box component="main" p={phone ? 4 : 'sm'} inert={covered} style={{ flex: 1, minWidth: 0, display: 'flex' }}>
          <RoomStage />
        </Box>
        {chatOpen && <RoomChat fullScreen={phone} onClose={closeChat} />}
        {participantsOpen && <RoomParticipantsPanel fullScreen={phone} onClose={closeParticipants} />}
      </Box>
      <RoomControls
        inert={covered}
        microphoneOn={media.microphoneOn}
        cameraOn={media.cameraOn}
        screenOn={media.screenOn}
        blurOn={media.blurEnabled}
        backgroundOn={media.backgroundEnabled}
        effectsSupported={media.effectsSupported}
        screenSupported={screenSupported}
        chatOpen={chatOpen}
        unread={unread}
        participantsOpen={participantsOpen}
        backgroundImages={backgroundImages}
        compact={phone}
        onMicrophone={actions.toggleMicrophone}
        onCamera={actions.toggleCamera}
        onScreen={actions.toggleScreenShare}
        onBlur={actions.toggleBlur}
        onBackground={actions.setBackgroundImage}
        onChat={toggleChat}
        onParticipants={toggleParticipants}
        chatButtonRef={chatButton}
        participantsButtonRef={participantsButton}
        onQuit={onQuit}
      />
      <RemoteAudio />
    </Box>
  );
}
