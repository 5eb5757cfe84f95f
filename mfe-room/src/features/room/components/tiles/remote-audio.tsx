import { useEffect, useRef } from 'react';
import { TRACK_NAMES, type TrackName } from '@incontra/contracts/constants';
import { useParticipantTrack } from '../../hooks/use-participant-track';
import { useRoomSelector } from '../../store/hooks';
import { selectHasAudio, selectRemoteParticipants } from '../../store/selectors';

function AudioElement({ track, identity, name }: { track: MediaStreamTrack; identity: string; name: TrackName }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element || typeof MediaStream === 'undefined') return undefined;
    element.srcObject = new MediaStream([track]);
    // Autoplay with sound may wait for a gesture; entering the room was one.
    element.play?.()?.catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [track]);
  return <audio ref={audio} autoPlay data-testid="remote-audio" data-identity={identity} data-track={name} />;
}

/** One participant's sound: attached while its audio is active (present and not muted), detached otherwise. */
function ParticipantAudio({ identity }: { identity: string }) {
  const active = useRoomSelector(selectHasAudio(identity));
  const voice = useParticipantTrack(identity, TRACK_NAMES.audio);
  const screenAudio = useParticipantTrack(identity, TRACK_NAMES.screenAudio);
  return (
    <>
      {active && voice && <AudioElement track={voice} identity={identity} name={TRACK_NAMES.audio} />}
      {screenAudio && <AudioElement track={screenAudio} identity={identity} name={TRACK_NAMES.screenAudio} />}
    </>
  );
}

/** The others' sound, never one's own. */
export function RemoteAudio() {
  const participants = useRoomSelector(selectRemoteParticipants);
  return (
    <div hidden>
      {participants.map((participant) => (
        <ParticipantAudio key={participant.identity} identity={participant.identity} />
      ))}
    </div>
  );
}
