import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';

const T = IT_WEBINAR_LIVE.stage;

function Sound({ track, onBlocked }: { track: MediaStreamTrack; onBlocked(element: HTMLAudioElement): void }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element || typeof MediaStream === 'undefined') return undefined;
    element.srcObject = new MediaStream([track]);
    element.play?.()?.catch(() => onBlocked(element));
    return () => {
      element.srcObject = null;
    };
  }, [track, onBlocked]);
  return <audio ref={audio} autoPlay data-testid="webinar-sound" />;
}

/**
 * Everything to hear (presenters, the speaker). A browser that refuses sound without a gesture
 * gets «Attiva l'audio», which plays every element again from the click.
 */
export function LiveSounds({ tracks }: { tracks: readonly MediaStreamTrack[] }) {
  const [blocked, setBlocked] = useState<HTMLAudioElement[]>([]);
  const onBlocked = useRef((element: HTMLAudioElement) => setBlocked((list) => (list.includes(element) ? list : [...list, element]))).current;
  const enable = () => {
    for (const element of blocked) element.play?.()?.catch(() => undefined);
    setBlocked([]);
  };
  return (
    <>
      <div hidden>
        {tracks.map((track) => (
          <Sound key={track.id} track={track} onBlocked={onBlocked} />
        ))}
      </div>
      {blocked.length > 0 && (
        <Alert color="yellow" role="status">
          <Group gap="sm" justify="space-between">
            <Text size="sm">{T.soundBlocked}</Text>
            <Button size="xs" onClick={enable}>
              {T.enableSound}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
