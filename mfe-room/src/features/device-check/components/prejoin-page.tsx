import { Button, Container, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { IT } from '@incontra/contracts/messages/it';
import { DISPLAY_NAME_MAX_LENGTH } from '@incontra/contracts/api/video-room';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import type { MediaFailure } from '../../room/media/types';
import { useAudioLevel } from '../hooks/use-audio-level';
import { useMediaDevices, type MediaDeviceChoice } from '../hooks/use-media-devices';
import { usePrejoinMedia, type PrejoinMedia } from '../hooks/use-prejoin-media';
import { EffectPicker, type EffectImage } from './effect-picker';
import { LocalTrackPreview } from './local-track-preview';
import { MediaAlerts } from './media-alerts';
import { MicrophoneMeter } from './microphone-meter';
import { PermissionList } from './permission-list';
import { PrejoinToggles } from './prejoin-toggles';

const FAILURE_TEXT: Record<MediaFailure, string> = {
  'permission-denied': IT_ROOM.deniedGuidance,
  'device-busy': IT_ROOM.deviceBusy,
  'no-device': IT_ROOM.noDevices,
  unsupported: IT_ROOM.mediaUnsupported,
  unknown: IT.errors.generic,
};

interface PrejoinPageProps {
  media: PrejoinMedia;
  defaultName: string;
  backgroundImages: readonly EffectImage[];
  joining: boolean;
  /** Why the last attempt to enter failed. */
  joinError?: ReactNode;
  onEnter(displayName: string): void;
}

function deviceIdOf(track: { mediaStreamTrack: MediaStreamTrack } | null): string {
  return track?.mediaStreamTrack.getSettings?.().deviceId ?? '';
}

function DeviceSelect(props: { label: string; devices: MediaDeviceChoice[]; value: string; onChange(id: string): void; testId: string }) {
  const data =
    props.devices.length > 0 ? props.devices.map((device) => ({ value: device.deviceId, label: device.label })) : [{ value: '', label: IT_ROOM.defaultDevice }];
  return (
    <NativeSelect
      label={props.label}
      data={data}
      value={props.value}
      disabled={props.devices.length === 0}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data-testid={props.testId}
    />
  );
}

/**
 * Before entering a room: the preview with microphone and camera switches, the name the others
 * will see and the button to enter, in that order and within a phone's first screen; then the
 * devices, the background effect, the microphone's level and the permissions. The media stay
 * running: the room takes them over, off if they were turned off here. The page is the main
 * landmark: the room remote has no frame of its own around its screens.
 */
export function PrejoinPage({ media, defaultName, backgroundImages, joining, joinError, onEnter }: PrejoinPageProps) {
  const prejoin = usePrejoinMedia(media);
  const { snapshot } = prejoin;
  const devices = useMediaDevices({ camera: IT_ROOM.camera, microphone: IT_ROOM.microphone });
  const [name, setName] = useState(defaultName);
  const [nameError, setNameError] = useState<string | null>(null);
  // Turned off here by choice (not missing): the frame says so, and nothing asks for it again.
  const [cameraTurnedOff, setCameraTurnedOff] = useState(false);

  const microphoneStream = useMemo(
    () => (snapshot.microphone && typeof MediaStream !== 'undefined' ? new MediaStream([snapshot.microphone.mediaStreamTrack]) : null),
    [snapshot.microphone],
  );
  const level = useAudioLevel(microphoneStream);
  const { refresh } = devices;
  // Device labels only appear after a permission: list again once tracks exist.
  useEffect(refresh, [refresh, snapshot.camera, snapshot.microphone]);

  const chosenImage = backgroundImages.find((image) => image.url === snapshot.backgroundImageUrl);
  const effect = snapshot.blurEnabled ? 'blur' : snapshot.backgroundEnabled && chosenImage ? chosenImage.id : 'none';
  const chooseEffect = (value: string) => {
    // An effect that cannot load leaves the preview as it was: nothing more to say here.
    const ignore = () => undefined;
    if (value === 'blur') {
      if (!snapshot.blurEnabled) media.toggleBlur().catch(ignore);
    } else if (value === 'none') {
      if (snapshot.blurEnabled) media.toggleBlur().catch(ignore);
      else if (snapshot.backgroundEnabled) media.setBackgroundImage(null).catch(ignore);
    } else {
      const image = backgroundImages.find((candidate) => candidate.id === value);
      if (image) media.setBackgroundImage(image.url).catch(ignore);
    }
  };

  const microphoneOn = snapshot.microphone !== null && (snapshot.microphoneEnabled ?? true);
  const toggleMicrophone = () => media.setMicrophoneEnabled(!microphoneOn);
  const toggleCamera = () => {
    const turnOff = snapshot.camera !== null;
    setCameraTurnedOff(turnOff);
    // A camera that cannot come back says why in the snapshot (the alerts below).
    media.setCameraEnabled(!turnOff).catch(() => setCameraTurnedOff(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(IT_ROOM.displayNameRequired);
      return;
    }
    onEnter(trimmed);
  };

  const permissions = { camera: snapshot.cameraPermission, microphone: snapshot.microphonePermission };
  const denied = permissions.camera === 'denied' || permissions.microphone === 'denied';
  const failureText = prejoin.failure && prejoin.failure !== 'permission-denied' ? FAILURE_TEXT[prejoin.failure] : undefined;
  const canRetry = !prejoin.starting && ((!snapshot.camera && !cameraTurnedOff) || !snapshot.microphone);

  return (
    <Container component="main" size="md" py={{ base: 'md', sm: 'xl' }} px="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {IT_ROOM.prejoinTitle}
            </Title>
            <Text c="dimmed" mt={4}>
              {IT_ROOM.prejoinText}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="sm">
              <LocalTrackPreview track={snapshot.camera} emptyText={cameraTurnedOff ? IT_ROOM.cameraOff : IT_ROOM.noCamera} maxHeight="32dvh" />
              <PrejoinToggles
                microphoneOn={microphoneOn}
                cameraOn={snapshot.camera !== null}
                microphoneAvailable={snapshot.microphone !== null}
                cameraAvailable={snapshot.camera !== null || cameraTurnedOff}
                onMicrophone={toggleMicrophone}
                onCamera={toggleCamera}
              />
            </Stack>
            <Stack gap="md">
              <MediaAlerts denied={denied} failureText={failureText} />
              <TextInput
                label={IT_ROOM.displayName}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                maxLength={DISPLAY_NAME_MAX_LENGTH}
                required
                autoComplete="name"
                data-testid="prejoin-name"
              />
              {joinError}
              <Button
                type="submit"
                size="md"
                loading={joining}
                // Until the media answer, entering would mean entering without them.
                disabled={prejoin.starting}
                w={{ base: '100%', xs: 'fit-content' }}
                data-testid="prejoin-enter"
              >
                {IT_ROOM.enterRoom}
              </Button>
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="prejoin-settings">
            <EffectPicker value={effect} images={backgroundImages} supported={snapshot.effectsSupported} disabled={!snapshot.camera} onChange={chooseEffect} />
            <Stack gap="md">
              <DeviceSelect
                label={IT_ROOM.camera}
                devices={devices.cameras}
                value={deviceIdOf(snapshot.camera)}
                onChange={prejoin.changeCamera}
                testId="prejoin-camera"
              />
              <DeviceSelect
                label={IT_ROOM.microphone}
                devices={devices.microphones}
                value={deviceIdOf(snapshot.microphone)}
                onChange={prejoin.changeMicrophone}
                testId="prejoin-microphone"
              />
              <MicrophoneMeter level={level} />
              <PermissionList permissions={permissions} />
              {canRetry && (
                <Button variant="light" onClick={() => prejoin.retry({ camera: !cameraTurnedOff })} loading={prejoin.busy} w="fit-content">
                  {IT_ROOM.requestAccess}
                </Button>
              )}
            </Stack>
          </SimpleGrid>
        </Stack>
      </form>
    </Container>
  );
}
