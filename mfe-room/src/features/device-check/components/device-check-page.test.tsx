import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { fakeStream, installAudioContext, installMedia, installPermissions } from '../testing/fake-browser-media';

const refusal = () => new DOMException('Permission denied', 'NotAllowedError');

function permissionOf(device: string) {
  return screen.getByText(`${device}:`).nextElementSibling?.textContent;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(navigator, 'permissions');
  Reflect.deleteProperty(window, 'AudioContext');
});

describe('device check', () => {
  beforeEach(() => mockFetch({}));

  it('starts unknown while the browser asks', () => {
    installMedia(jest.fn(() => new Promise(() => undefined)));
    renderApp('/room/verifica');
    expect(screen.getByRole('heading', { level: 1, name: IT_ROOM.deviceCheckTitle })).toBeInTheDocument();
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionUnknown);
    expect(permissionOf(IT_ROOM.microphone)).toBe(IT_ROOM.permissionUnknown);
    expect(screen.getByText(IT_ROOM.noCamera)).toBeInTheDocument();
  });

  it('shows the camera and both permissions granted after a capture, asking for 1280x720 at 24 fps first', async () => {
    const { stream } = fakeStream();
    const getUserMedia = jest.fn(async () => stream);
    installMedia(getUserMedia);
    renderApp('/room/verifica');

    const video = await screen.findByLabelText(IT_ROOM.camera, { selector: 'video' });
    expect((video as HTMLVideoElement).srcObject).toBe(stream);
    expect(video).toHaveProperty('muted', true);
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionGranted);
    expect(permissionOf(IT_ROOM.microphone)).toBe(IT_ROOM.permissionGranted);
    expect(screen.queryByText(IT_ROOM.deniedGuidance)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IT_ROOM.requestAccess })).not.toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24 } },
      audio: { noiseSuppression: true },
    });
  });

  it('shows denied with guidance on a refusal, and recovers when access is asked again and given', async () => {
    const { stream } = fakeStream();
    const getUserMedia = jest.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce(stream);
    installMedia(getUserMedia);
    renderApp('/room/verifica');

    expect(await screen.findByText(IT_ROOM.deniedGuidance)).toBeInTheDocument();
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionDenied);
    expect(permissionOf(IT_ROOM.microphone)).toBe(IT_ROOM.permissionDenied);
    expect(getUserMedia).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.requestAccess }));
    expect(await screen.findByLabelText(IT_ROOM.camera, { selector: 'video' })).toBeInTheDocument();
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionGranted);
    expect(screen.queryByText(IT_ROOM.deniedGuidance)).not.toBeInTheDocument();
  });

  it('steps down to plain constraints when the camera cannot meet the preferred ones', async () => {
    const { stream } = fakeStream();
    const getUserMedia = jest.fn().mockRejectedValueOnce(new DOMException('too much', 'OverconstrainedError')).mockResolvedValueOnce(stream);
    installMedia(getUserMedia);
    renderApp('/room/verifica');
    await screen.findByLabelText(IT_ROOM.camera, { selector: 'video' });
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: true, audio: true });
  });

  it('checks the microphone alone when there is no camera', async () => {
    const { stream } = fakeStream(['audio']);
    const missing = () => new DOMException('none', 'NotFoundError');
    installMedia(jest.fn().mockRejectedValueOnce(missing()).mockRejectedValueOnce(missing()).mockRejectedValueOnce(missing()).mockResolvedValueOnce(stream));
    renderApp('/room/verifica');
    await waitFor(() => expect(permissionOf(IT_ROOM.microphone)).toBe(IT_ROOM.permissionGranted));
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionUnknown);
    expect(screen.getByText(IT_ROOM.noCamera)).toBeInTheDocument();
  });

  it('reads the Permissions API and follows its change events', async () => {
    installMedia(jest.fn(() => new Promise(() => undefined)));
    const statuses = installPermissions({ camera: 'denied', microphone: 'prompt' });
    renderApp('/room/verifica');
    await waitFor(() => expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionDenied));
    expect(permissionOf(IT_ROOM.microphone)).toBe(IT_ROOM.permissionUnknown);
    expect(screen.getByRole('alert')).toHaveTextContent(IT_ROOM.deniedGuidance);

    act(() => {
      statuses.camera.state = 'granted';
      statuses.camera.dispatchEvent(new Event('change'));
    });
    expect(permissionOf(IT_ROOM.camera)).toBe(IT_ROOM.permissionGranted);
    expect(screen.queryByText(IT_ROOM.deniedGuidance)).not.toBeInTheDocument();
  });

  it('meters the microphone, then releases every track and closes the audio context on unmount', async () => {
    const { stream, tracks } = fakeStream();
    installMedia(jest.fn(async () => stream));
    const audio = installAudioContext();
    const { unmount } = renderApp('/room/verifica');

    const meter = screen.getByRole('progressbar', { name: IT_ROOM.microphoneLevel });
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50));

    unmount();
    tracks.forEach((track) => expect(track.stop).toHaveBeenCalled());
    expect(audio.close).toHaveBeenCalled();
    expect(audio.disconnect).toHaveBeenCalled();
  });

  it('says so when the browser offers no media capture', async () => {
    renderApp('/room/verifica');
    expect(await screen.findByText(IT_ROOM.mediaUnsupported)).toBeInTheDocument();
  });
});
