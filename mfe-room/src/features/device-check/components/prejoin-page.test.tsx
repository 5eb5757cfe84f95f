import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { LocalMediaController } from '../../room/media/local-media';
import { FakeProcessorsSdk, FakeTwilioMedia, fakeLoadImage, fakeOf } from '../../room/media/testing/fake-media';
import { renderInRoom } from '../../room/components/testing/render-in-room';
import { PrejoinPage } from './prejoin-page';

const IMAGES = [{ id: 'sea', label: 'Mare', url: '/mfe/room/backgrounds/sea.png' }];
const refusal = () => new DOMException('Permission denied', 'NotAllowedError');

function setup({ supported = true, failVideo }: { supported?: boolean; failVideo?: unknown } = {}) {
  const twilio = new FakeTwilioMedia();
  if (failVideo) twilio.failNextVideo(failVideo);
  const processors = new FakeProcessorsSdk(supported);
  const media = new LocalMediaController({
    twilio,
    processors,
    mediaDevices: { getUserMedia: jest.fn(), getDisplayMedia: jest.fn() },
    permissions: null,
    assetsPath: '/processors/',
    loadImage: fakeLoadImage,
  });
  const onEnter = jest.fn();
  const view = renderInRoom(<PrejoinPage media={media} defaultName="Mario Rossi" backgroundImages={IMAGES} joining={false} onEnter={onEnter} />);
  return { media, twilio, processors, onEnter, ...view };
}

const enumerateDevices = jest.fn(async () => [
  { kind: 'videoinput', deviceId: 'cam-1', label: 'FaceTime HD', groupId: 'a' },
  { kind: 'videoinput', deviceId: 'cam-2', label: 'USB Camera', groupId: 'b' },
  { kind: 'audioinput', deviceId: 'mic-1', label: 'Microfono interno', groupId: 'a' },
]);

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { enumerateDevices, addEventListener: jest.fn(), removeEventListener: jest.fn() },
  });
});
afterEach(() => Reflect.deleteProperty(navigator, 'mediaDevices'));

describe('pre-join', () => {
  it('previews the camera through the track itself, lists the devices and prefills the name', async () => {
    const { twilio } = setup();
    const preview = await screen.findByTestId('prejoin-preview');
    expect(fakeOf(twilio.videoTracks[0]!.asTrack()).attachments.has(preview as HTMLVideoElement)).toBe(true);
    expect(screen.getByTestId('prejoin-name')).toHaveValue('Mario Rossi');
    const cameras = screen.getByRole('combobox', { name: IT_ROOM.camera });
    await waitFor(() => expect(cameras.querySelectorAll('option')).toHaveLength(2));
    expect(screen.getByText(`${IT_ROOM.camera}:`).nextElementSibling).toHaveTextContent(IT_ROOM.permissionGranted);
  });

  it('switches the camera to the chosen device', async () => {
    const { twilio } = setup();
    await screen.findByTestId('prejoin-preview');
    const cameras = screen.getByRole('combobox', { name: IT_ROOM.camera });
    await waitFor(() => expect(cameras.querySelectorAll('option')).toHaveLength(2));
    await userEvent.selectOptions(cameras, 'cam-2');
    await waitFor(() => expect(twilio.videoCalls.at(-1)).toMatchObject({ deviceId: { exact: 'cam-2' } }));
  });

  it('applies blur and a background image to the previewed track, one at a time', async () => {
    const { twilio, media } = setup();
    await screen.findByTestId('prejoin-preview');
    const camera = fakeOf(twilio.videoTracks[0]!.asTrack());

    await userEvent.click(screen.getByRole('radio', { name: IT_ROOM.blur }));
    await waitFor(() => expect(media.snapshot().blurEnabled).toBe(true));
    expect(camera.processor).not.toBeNull();
    expect(screen.getByRole('radio', { name: IT_ROOM.blur })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Mare' }));
    await waitFor(() => expect(media.snapshot()).toMatchObject({ blurEnabled: false, backgroundEnabled: true }));
    expect(screen.getByRole('radio', { name: 'Mare' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: IT_ROOM.backgroundNone }));
    await waitFor(() => expect(media.snapshot()).toMatchObject({ blurEnabled: false, backgroundEnabled: false }));
    expect(camera.processor).toBeNull();
  });

  it('says when the browser cannot run background effects', async () => {
    setup({ supported: false });
    await screen.findByTestId('prejoin-preview');
    expect(screen.getByText(IT_ROOM.effectsUnsupported)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: IT_ROOM.blur })).not.toBeInTheDocument();
  });

  it('shows the refusal with guidance and asks again for the camera only', async () => {
    const { twilio } = setup({ failVideo: refusal() });
    expect(await screen.findByText(IT_ROOM.deniedGuidance)).toBeInTheDocument();
    expect(screen.getByText(`${IT_ROOM.camera}:`).nextElementSibling).toHaveTextContent(IT_ROOM.permissionDenied);
    expect(screen.getByText(IT_ROOM.noCamera)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.requestAccess }));
    expect(await screen.findByTestId('prejoin-preview')).toBeInTheDocument();
    expect(twilio.videoCalls).toHaveLength(2);
    expect(twilio.audioCalls).toHaveLength(1);
    expect(screen.queryByText(IT_ROOM.deniedGuidance)).not.toBeInTheDocument();
  });

  it('enters with the trimmed name, and refuses an empty one', async () => {
    const { onEnter } = setup();
    const enter = screen.getByTestId('prejoin-enter');
    await waitFor(() => expect(enter).toBeEnabled());
    await userEvent.clear(screen.getByTestId('prejoin-name'));
    await userEvent.click(enter);
    expect(await screen.findByText(IT_ROOM.displayNameRequired)).toBeInTheDocument();
    expect(onEnter).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('prejoin-name'), '  Anna  ');
    await userEvent.click(enter);
    expect(onEnter).toHaveBeenCalledWith('Anna');
  });

  it('turns the microphone and the camera off before entering, and on again', async () => {
    const { media, twilio, onEnter } = setup();
    await screen.findByTestId('prejoin-preview');
    const microphone = screen.getByRole('button', { name: IT_ROOM.microphone });
    const camera = screen.getByRole('button', { name: IT_ROOM.camera });
    expect(microphone).toHaveAttribute('aria-pressed', 'true');
    expect(camera).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(microphone);
    expect(microphone).toHaveAttribute('aria-pressed', 'false');
    expect(media.snapshot().microphoneEnabled).toBe(false);

    await userEvent.click(camera);
    await waitFor(() => expect(camera).toHaveAttribute('aria-pressed', 'false'));
    expect(media.snapshot().camera).toBeNull();
    expect(fakeOf(twilio.videoTracks[0]!.asTrack()).isStopped).toBe(true);
    expect(screen.getByText(IT_ROOM.cameraOff)).toBeInTheDocument();
    // Off by choice: nothing offers to ask for the camera again.
    expect(screen.queryByRole('button', { name: IT_ROOM.requestAccess })).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('prejoin-enter'));
    expect(onEnter).toHaveBeenCalledWith('Mario Rossi');
    expect(media.snapshot()).toMatchObject({ camera: null, microphoneEnabled: false });

    await userEvent.click(camera);
    expect(await screen.findByTestId('prejoin-preview')).toBeInTheDocument();
    expect(camera).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(microphone);
    expect(media.snapshot().microphoneEnabled).toBe(true);
  });

  it('puts the switches, the name and the button to enter before the device settings', async () => {
    setup();
    await screen.findByTestId('prejoin-preview');
    const enter = screen.getByTestId('prejoin-enter');
    const follows = (first: Element, second: Element) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(screen.getByTestId('prejoin-toggles'), screen.getByTestId('prejoin-name'))).toBe(true);
    expect(follows(enter, screen.getByTestId('prejoin-settings'))).toBe(true);
    expect(follows(enter, screen.getByRole('combobox', { name: IT_ROOM.camera }))).toBe(true);
  });
});
