import { Group } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { CameraIcon, CameraOffIcon, MicrophoneIcon, MicrophoneOffIcon } from '../../room/components/common/icons';
import { RoundIconButton } from '../../room/components/controls/round-icon-button';

interface PrejoinTogglesProps {
  microphoneOn: boolean;
  cameraOn: boolean;
  /** Off when there is no such device to turn on or off. */
  microphoneAvailable: boolean;
  cameraAvailable: boolean;
  onMicrophone(): void;
  onCamera(): void;
}

/** Microphone and camera on or off before entering, the same buttons as the room's control bar. */
export function PrejoinToggles(props: PrejoinTogglesProps) {
  return (
    <Group justify="center" gap="lg" data-testid="prejoin-toggles">
      <RoundIconButton
        label={IT_ROOM.microphone}
        icon={props.microphoneOn ? <MicrophoneIcon /> : <MicrophoneOffIcon />}
        pressed={props.microphoneOn}
        disabled={!props.microphoneAvailable}
        onClick={props.onMicrophone}
        showLabel
        testId="prejoin-toggle-microphone"
      />
      <RoundIconButton
        label={IT_ROOM.camera}
        icon={props.cameraOn ? <CameraIcon /> : <CameraOffIcon />}
        pressed={props.cameraOn}
        disabled={!props.cameraAvailable}
        onClick={props.onCamera}
        showLabel
        testId="prejoin-toggle-camera"
      />
    </Group>
  );
}
