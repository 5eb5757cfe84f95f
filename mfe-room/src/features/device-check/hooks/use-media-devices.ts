import { useCallback, useEffect, useState } from 'react';

export interface MediaDeviceChoice {
  deviceId: string;
  label: string;
}

export interface MediaDeviceLists {
  cameras: MediaDeviceChoice[];
  microphones: MediaDeviceChoice[];
  /** Lists again: labels only appear once a permission was given. */
  refresh(): void;
}

function choicesOf(devices: MediaDeviceInfo[], kind: MediaDeviceKind, fallback: (index: number) => string): MediaDeviceChoice[] {
  return devices
    .filter((device) => device.kind === kind && device.deviceId !== '')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || fallback(index + 1) }));
}

/** Cameras and microphones from enumerateDevices, kept current as devices come and go. */
export function useMediaDevices(names: { camera: string; microphone: string }): MediaDeviceLists {
  const [lists, setLists] = useState<Omit<MediaDeviceLists, 'refresh'>>({ cameras: [], microphones: [] });
  const { camera, microphone } = names;

  const refresh = useCallback(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    media.enumerateDevices().then(
      (devices) =>
        setLists({
          cameras: choicesOf(devices, 'videoinput', (index) => `${camera} ${index}`),
          microphones: choicesOf(devices, 'audioinput', (index) => `${microphone} ${index}`),
        }),
      // A browser that refuses to list keeps the default devices only.
      () => undefined,
    );
  }, [camera, microphone]);

  useEffect(() => {
    refresh();
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.addEventListener) return undefined;
    media.addEventListener('devicechange', refresh);
    return () => media.removeEventListener('devicechange', refresh);
  }, [refresh]);

  return { ...lists, refresh };
}
