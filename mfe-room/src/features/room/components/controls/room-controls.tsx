import { Box, Group } from '@mantine/core';
import { useState, type Ref } from 'react';
import { LAYOUT } from '@incontra/contracts/constants';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { BackgroundMenu, type BackgroundChoice } from './background-menu';
import { ConfirmDialog } from '../common/confirm-dialog';
import { BlurIcon, CameraIcon, CameraOffIcon, ChatIcon, MicrophoneIcon, MicrophoneOffIcon, ParticipantsIcon, QuitIcon, ScreenIcon } from '../common/icons';
import { RoundIconButton } from './round-icon-button';

export interface RoomControlsProps {
  microphoneOn: boolean;
  cameraOn: boolean;
  screenOn: boolean;
  blurOn: boolean;
  backgroundOn: boolean;
  effectsSupported: boolean;
  screenSupported: boolean;
  chatOpen: boolean;
  unread: number;
  participantsOpen: boolean;
  backgroundImages: readonly BackgroundChoice[];
  /** Phones: icons only. */
  compact: boolean;
  onMicrophone(): void;
  onCamera(): void;
  onScreen(): void;
  onBlur(): void;
  onBackground(url: string | null): void;
  onChat(): void;
  onParticipants(): void;
  onQuit(): void;
  /** The chat and participants buttons, for the focus to come back to when their panel closes. */
  chatButtonRef?: Ref<HTMLButtonElement>;
  participantsButtonRef?: Ref<HTMLButtonElement>;
  /** Out of reach while a full-screen panel covers the bar. */
  inert?: boolean;
}

/**
 * The spec's room footer (60 px): every control a labelled button, toggles with aria-pressed. The
 * footer is the page's contentinfo landmark; the toolbar inside it (a footer may not be one).
 */
export function RoomControls(props: RoomControlsProps) {
  const [confirmingQuit, setConfirmingQuit] = useState(false);
  // Phones get icons only, smaller: the eight controls fit one row at 320 px.
  const look = { showLabel: !props.compact, small: props.compact };
  return (
    <Box component="footer" style={{ flex: `0 0 auto`, borderTop: '1px solid var(--mantine-color-dark-4)' }} data-testid="room-controls" inert={props.inert}>
      <Group
        role="toolbar"
        aria-label={IT_ROOM.controlsLabel}
        mih={LAYOUT.roomFooterPx}
        px={props.compact ? 4 : 'xs'}
        py={2}
        gap={props.compact ? 2 : 'sm'}
        justify="center"
        wrap="wrap"
      >
        <RoundIconButton
          label={IT_ROOM.microphone}
          icon={props.microphoneOn ? <MicrophoneIcon /> : <MicrophoneOffIcon />}
          onClick={props.onMicrophone}
          pressed={props.microphoneOn}
          {...look}
          testId="control-microphone"
        />
        <RoundIconButton
          label={IT_ROOM.camera}
          icon={props.cameraOn ? <CameraIcon /> : <CameraOffIcon />}
          onClick={props.onCamera}
          pressed={props.cameraOn}
          {...look}
          testId="control-camera"
        />
        <RoundIconButton
          label={IT_ROOM.screenShare}
          icon={<ScreenIcon />}
          onClick={props.onScreen}
          pressed={props.screenOn}
          disabled={!props.screenSupported}
          {...look}
          testId="control-screen"
        />
        <RoundIconButton
          label={IT_ROOM.blur}
          icon={<BlurIcon />}
          onClick={props.onBlur}
          pressed={props.blurOn}
          disabled={!props.effectsSupported}
          {...look}
          testId="control-blur"
        />
        <BackgroundMenu
          images={props.backgroundImages}
          active={props.backgroundOn}
          disabled={!props.effectsSupported}
          {...look}
          onChoose={props.onBackground}
        />
        <RoundIconButton
          label={IT_ROOM.chat}
          icon={<ChatIcon />}
          onClick={props.onChat}
          pressed={props.chatOpen}
          count={props.chatOpen ? 0 : props.unread}
          {...look}
          testId="control-chat"
          badgeTestId="chat-unread"
          buttonRef={props.chatButtonRef}
        />
        <RoundIconButton
          label={IT_ROOM.participants}
          icon={<ParticipantsIcon />}
          onClick={props.onParticipants}
          pressed={props.participantsOpen}
          {...look}
          testId="control-participants"
          buttonRef={props.participantsButtonRef}
        />
        <RoundIconButton
          label={IT_ROOM.quit}
          icon={<QuitIcon />}
          onClick={() => setConfirmingQuit(true)}
          color="red"
          emphasis
          {...look}
          testId="control-quit"
          hasPopup="dialog"
        />
      </Group>
      <ConfirmDialog
        opened={confirmingQuit}
        title={IT_ROOM.quitConfirmTitle}
        text={IT_ROOM.quitConfirmText}
        confirmLabel={IT_ROOM.quit}
        onConfirm={() => {
          setConfirmingQuit(false);
          props.onQuit();
        }}
        onCancel={() => setConfirmingQuit(false)}
      />
    </Box>
  );
}
