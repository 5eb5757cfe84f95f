import { useMemo, type ReactNode } from 'react';
import { useRoomActions } from '../../hooks/use-room-actions';
import { useRoomSelector } from '../../store/hooks';
import type { Participant } from '../../store/participants-slice';
import { selectAudioOnlyParticipants, selectIsStaff, selectParticipants } from '../../store/selectors';
import { AudioOnlyList } from './audio-only-list';
import { ParticipantActions } from './participant-actions';
import type { ParticipantSummary } from './participant-row';
import { ParticipantsPanel } from './participants-panel';

function summaryOf(participant: Participant): ParticipantSummary {
  return {
    identity: participant.identity,
    name: participant.displayName,
    staff: participant.role === 'staff',
    local: participant.isLocal,
    muted: participant.muted,
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

export function RoomAudioOnlyList() {
  const participants = useRoomSelector(selectAudioOnlyParticipants);
  const summaries = useMemo(() => participants.map(summaryOf), [participants]);
  const actionsFor = useActionsFor();
  return <AudioOnlyList participants={summaries} actionsFor={actionsFor} />;
}

export function RoomParticipantsPanel({ fullScreen, onClose }: { fullScreen: boolean; onClose(): void }) {
  const participants = useRoomSelector(selectParticipants);
  const summaries = useMemo(() => {
    const all = participants.map(summaryOf);
    return [...all.filter((participant) => participant.local), ...all.filter((participant) => !participant.local)];
  }, [participants]);
  const actionsFor = useActionsFor();
  return <ParticipantsPanel participants={summaries} actionsFor={actionsFor} onClose={onClose} fullScreen={fullScreen} />;
}
