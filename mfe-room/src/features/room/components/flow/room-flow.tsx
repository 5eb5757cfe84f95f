import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { PrejoinPage } from '../../../device-check/components/prejoin-page';
import { joinRoom, useJoinRoom, type JoinRoomCall } from '../../api/join-room';
import { warmSignallingSocket } from '../../engine/local/warm-socket';
import { bundledBackgroundImages } from '../../media/effects/background-images';
import { LocalMediaController } from '../../media/local-media';
import { joinFailureOf, type JoinFailure } from '../../utils/join-error';
import { RoomEnded } from './room-ended';
import { RoomErrorAlert, type RoomErrorKind } from '../notices/room-error-alert';
import { RoomPage } from './room-page';

type Stage = { kind: 'prejoin' } | { kind: 'room'; join: JoinRoomResponse; displayName: string } | { kind: 'ended'; error: RoomErrorKind | null };

/** Who enters and how: the join call, its refusals in words, and the end screen. */
export interface RoomEntry {
  join: JoinRoomCall;
  failureOf(error: unknown): JoinFailure;
  /** `rejoin` goes back through the pre-join with fresh media. */
  ended(error: RoomErrorKind | null, rejoin: () => void): ReactNode;
}

/** Staff: the session cookie, and back in (or to the dashboard) after the end. */
export const STAFF_ENTRY: RoomEntry = {
  join: joinRoom,
  failureOf: joinFailureOf,
  ended: (error, rejoin) => <RoomEnded error={error} onRejoin={rejoin} />,
};

interface RoomFlowProps {
  roomId: string;
  defaultName: string;
  entry?: RoomEntry;
}

/**
 * Pre-join → room → end screen. The local media controller is created here and lives across
 * the pre-join and the room (the room takes over the previewed tracks); coming back in after
 * the end starts with a fresh one.
 */
export function RoomFlow({ roomId, defaultName, entry = STAFF_ENTRY }: RoomFlowProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'prejoin' });
  const [round, setRound] = useState(0);
  const [media, setMedia] = useState<LocalMediaController | null>(null);
  const join = useJoinRoom(entry.join);
  const backgroundImages = useMemo(bundledBackgroundImages, []);

  useEffect(() => {
    // Created in an effect, not during render: a render may be thrown away, a camera must not leak.
    const controller = new LocalMediaController();
    setMedia(controller);
    return () => controller.dispose();
  }, [round]);

  if (stage.kind === 'ended') {
    return entry.ended(stage.error, () => {
      join.reset();
      setMedia(null);
      setRound((value) => value + 1);
      setStage({ kind: 'prejoin' });
    });
  }
  if (!media) return null;
  if (stage.kind === 'room') {
    return <RoomPage key={round} join={stage.join} media={media} displayName={stage.displayName} onEnded={(error) => setStage({ kind: 'ended', error })} />;
  }

  const failure = join.error ? entry.failureOf(join.error) : null;
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
