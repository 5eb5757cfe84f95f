import { useRoomActions } from '../../hooks/use-room-actions';
import { useParticipantTrack } from '../../hooks/use-participant-track';
import { useRoomSelector } from '../../store/hooks';
import { selectIsSpeaking, selectIsStaff, selectParticipantById, type VideoTile as Tile } from '../../store/selectors';
import { ParticipantActions } from '../participants/participant-actions';
import { VideoTileView } from './video-tile-view';

/** A tile of the stage, bound to the store and to the participant's track. */
export function VideoTile({ tile }: { tile: Tile }) {
  const participant = useRoomSelector((state) => selectParticipantById(state, tile.identity));
  const isStaff = useRoomSelector(selectIsStaff);
  const speaking = useRoomSelector(selectIsSpeaking(tile.identity));
  const track = useParticipantTrack(tile.identity, tile.kind);
  const actions = useRoomActions();
  if (!participant) return null;
  const staffActions =
    isStaff && !participant.isLocal && tile.kind === 'camera' ? (
      <ParticipantActions
        identity={participant.identity}
        name={participant.displayName}
        muted={participant.muted}
        onMute={actions.mute}
        onRemove={actions.kick}
      />
    ) : undefined;
  return (
    <VideoTileView
      identity={participant.identity}
      kind={tile.kind}
      local={participant.isLocal}
      name={participant.displayName}
      track={track}
      muted={participant.muted}
      speaking={speaking}
      blurEnabled={participant.blurEnabled}
      backgroundEnabled={participant.backgroundEnabled}
      actions={staffActions}
    />
  );
}
