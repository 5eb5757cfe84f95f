import { useEffect, useMemo, useState } from 'react';
import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { PrejoinPage } from '../../device-check/components/prejoin-page';
import { useJoinRoom } from '../api/join-room';
import { warmSignallingSocket } from '../engine/local/warm-socket';
import { bundledBackgroundImages } from '../media/effects/background-images';
import { LocalMediaController } from '../media/local-media';
import { joinFailureOf } from './join-error';
import { RoomEnded } from './room-ended';
import { RoomErrorAlert, type RoomErrorKind } from './room-error-alert';
import { RoomPage } from './room-page';

type Stage = { kind: 'prejoin' } | { kind: 'room'; join: JoinRoomResponse; displayName: string } | { kind: 'ended'; error: RoomErrorKind | null };

interface RoomFlowProps {
  roomId: string;
  defaultName: string;
}

/**
 * Pre-join → room → end screen. The local media controller is created here and lives across
 * the pre-join and the room (the room takes over the previewed tracks); coming back in after
 * the end starts with a fresh one.
 */
export function RoomFlow({ roomId, defaultName }: RoomFlowProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'prejoin' });
  const [round, setRound] = useState(0);
  const [media, setMedia] = useState<LocalMediaController | null>(null);
  const join = useJoinRoom();
  const backgroundImages = useMemo(bundledBackgroundImages, []);

  useEffect(() => {
    // Created in an effect, not during render: a render may be thrown away, a camera must not leak.
    const controller = new LocalMediaController();
    setMedia(controller);
    return () => controller.dispose();
  }, [round]);

  if (stage.kind === 'ended') {
    return (
      <RoomEnded
        error={stage.error}
        onRejoin={() => {
          join.reset();
          setMedia(null);
          setRound((value) => value + 1);
          setStage({ kind: 'prejoin' });
        }}
      />
    );
  }
  if (!media) return null;
  if (stage.kind === 'room') {
    return <RoomPage key={round} join={stage.join} media={media} displayName={stage.displayName} onEnded={(error) => setStage({ kind: 'ended', error })} />;
  }

  const failure = join.error ? joinFailureOf(join.error) : null;
  return (
    <PrejoinPage
      media={media}
      defaultName={defaultName}
      backgroundImages={backgroundImages}
      joining={join.isPending}
      joinError={failure && <RoomErrorAlert kind={failure.kind} message={failure.message} />}
      onEnter={(displayName) => {
        // The signalling handshake overlaps the join call (the built-in engine's rooms).
        warmSignallingSocket();
        join.mutate({ roomId, displayName }, { onSuccess: (answer) => setStage({ kind: 'room', join: answer, displayName: answer.displayName }) });
      }}
    />
  );
}
