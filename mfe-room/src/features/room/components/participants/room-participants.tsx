import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useRoomActions } from '../../hooks/use-room-actions';
import { useRoomSelector } from '../../store/hooks';
import type { Participant } from '../../store/participants-slice';
import { selectAudioOnlyParticipants, selectIsStaff, selectParticipants, selectSpeakingIdentities } from '../../store/selectors';
import { AudioOnlyList } from './audio-only-list';
import { ParticipantActions } from './participant-actions';
import type { ParticipantSummary } from './participant-row';
import { ParticipantsPanel } from './participants-panel';

function summaryOf(participant: Participant, speaking: Record<string, true>): ParticipantSummary {
  return {
    identity: participant.identity,
    name: participant.displayName,
    staff: participant.role === 'staff',
    local: participant.isLocal,
    muted: participant.muted,
    speaking: speaking[participant.identity] === true && !participant.muted,
  };
}

/** Staff's mute/remove for another participant; nothing for anyone else. */
function useActionsFor(): (participant: ParticipantSummary) => ReactNode {
  const isStaff = useRoomSelector(selectIsStaff);
  const actions = useRoomActions();
  return (participant) =>
    isStaff && !participant.local ? (
      <ParticipantActions identity={participant.identity} name={participant.name} muted={participant.muted} onMute={actions.mute} onRemove={actions.kick} />
    ) : null;
}

/** The audio-only list in the box and columns the stage layout gave it. */
export function RoomAudioOnlyList({ columns, style }: { columns: number; style: CSSProperties }) {
  const participants = useRoomSelector(selectAudioOnlyParticipants);
  const speaking = useRoomSelector(selectSpeakingIdentities);
  const summaries = useMemo(() => participants.map((participant) => summaryOf(participant, speaking)), [participants, speaking]);
  const actionsFor = useActionsFor();
  return <AudioOnlyList participants={summaries} actionsFor={actionsFor} columns={columns} style={style} />;
}

export function RoomParticipantsPanel({ fullScreen, onClose }: { fullScreen: boolean; onClose(): void }) {
  const participants = useRoomSelector(selectParticipants);
  const speaking = useRoomSelector(selectSpeakingIdentities);
  const summaries = useMemo(() => {
    const all = participants.map((participant) => summaryOf(participant, speaking));
    return [...all.filter((participant) => participant.local), ...all.filter((participant) => !participant.local)];
  }, [participants, speaking]);
  const actionsFor = useActionsFor();
  return <ParticipantsPanel participants={summaries} actionsFor={actionsFor} onClose={onClose} fullScreen={fullScreen} />;
}
