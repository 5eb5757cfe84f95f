import { useEffect, useState } from 'react';
import type { LiveMedia } from '../media/live-media';
import { useLiveEnvironment } from '../live-environment';

type Acquired = { stream: MediaStream | null; failed: boolean };

/** Asks for `constraints` while `active`; stops every track when no longer wanted. */
function useUserMedia(constraints: MediaStreamConstraints, active: boolean): Acquired {
  const { getUserMedia } = useLiveEnvironment();
  const [acquired, setAcquired] = useState<Acquired>({ stream: null, failed: false });
  const wantsVideo = Boolean(constraints.video);
  const wantsAudio = Boolean(constraints.audio);

  useEffect(() => {
    if (!active) return undefined;
    let cancelled = false;
    let stream: MediaStream | null = null;
    getUserMedia({ video: wantsVideo ? { width: { ideal: 1280 }, height: { ideal: 720 } } : false, audio: wantsAudio })
      .then((granted) => {
        if (cancelled) {
          for (const track of granted.getTracks()) track.stop();
          return;
        }
        stream = granted;
        setAcquired({ stream: granted, failed: false });
      })
      .catch(() => {
        if (!cancelled) setAcquired({ stream: null, failed: true });
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      setAcquired({ stream: null, failed: false });
    };
  }, [active, getUserMedia, wantsVideo, wantsAudio]);

  return acquired;
}

export interface PresenterMedia {
  camera: MediaStreamTrack | null;
  screen: MediaStreamTrack | null;
  failed: boolean;
  /** The screen could not be shared (refused in the browser's picker, or not supported). */
  screenFailed: boolean;
  cameraOn: boolean;
  microphoneOn: boolean;
  toggleCamera(): void;
  toggleMicrophone(): void;
  toggleScreen(): void;
}

const PRESENTER_MEDIA: MediaStreamConstraints = { video: true, audio: true };
const VOICE: MediaStreamConstraints = { audio: true };

/**
 * A presenter's camera and microphone, handed to the media engine as soon as they are granted.
 * Turning one off keeps its track (disabled: black frames, silence), so nothing is negotiated again.
 */
export function usePresenterMedia(media: LiveMedia | null, active: boolean): PresenterMedia {
  const { getDisplayMedia } = useLiveEnvironment();
  const { stream, failed } = useUserMedia(PRESENTER_MEDIA, active);
  const [cameraOn, setCameraOn] = useState(true);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const [screenFailed, setScreenFailed] = useState(false);
  const camera = stream?.getVideoTracks()[0] ?? null;
  const microphone = stream?.getAudioTracks()[0] ?? null;

  useEffect(() => {
    media?.setLocalTracks(camera, microphone, screen);
  }, [media, camera, microphone, screen]);
  // Sharing ends with the session, or when the browser's own «stop sharing» ends the track.
  useEffect(() => {
    if (!screen) return undefined;
    const ended = () => setScreen(null);
    screen.addEventListener?.('ended', ended);
    return () => {
      screen.removeEventListener?.('ended', ended);
      screen.stop();
    };
  }, [screen]);
  useEffect(() => {
    if (!active) setScreen(null);
  }, [active]);
  useEffect(() => {
    if (camera) camera.enabled = cameraOn;
  }, [camera, cameraOn]);
  useEffect(() => {
    if (microphone) microphone.enabled = microphoneOn;
  }, [microphone, microphoneOn]);

  const toggleScreen = () => {
    if (screen) {
      setScreen(null);
      return;
    }
    setScreenFailed(false);
    getDisplayMedia({ video: true, audio: false })
      .then((shared) => setScreen(shared.getVideoTracks()[0] ?? null))
      .catch(() => setScreenFailed(true));
  };

  return {
    camera,
    screen,
    failed,
    screenFailed,
    cameraOn,
    microphoneOn,
    toggleCamera: () => setCameraOn((on) => !on),
    toggleMicrophone: () => setMicrophoneOn((on) => !on),
    toggleScreen,
  };
}

/**
 * A viewer's microphone while invited to speak: asked for at the invitation, stopped when the
 * turn ends; handed to the engine with the turn's grant (Janus needs it to publish).
 */
export function useSpeakerVoice(media: LiveMedia | null, speaking: boolean, grant: string | null): { failed: boolean } {
  const { stream, failed } = useUserMedia(VOICE, speaking);
  const voice = stream?.getAudioTracks()[0] ?? null;
  useEffect(() => {
    if (!media) return undefined;
    media.setVoice(voice, grant);
    return () => media.setVoice(null);
  }, [media, voice, grant]);
  return { failed };
}
