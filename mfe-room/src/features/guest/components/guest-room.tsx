import { useMemo } from 'react';
import type { VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { RoomEnded, type RoomEndedTexts } from '../../room/components/flow/room-ended';
import { RoomFlow, type RoomEntry } from '../../room/components/flow/room-flow';
import { guestJoinCall, guestJoinFailureOf } from '../api/guest-join';

function guestTexts(storeId: string): RoomEndedTexts {
  return {
    title: IT_LOBBY.visitor.endedTitle,
    errorTitle: IT_LOBBY.visitor.endedTitle,
    text: IT_LOBBY.visitor.endedText,
    back: { path: `${ROUTES.welcome}?${new URLSearchParams({ store: storeId }).toString()}`, label: IT.shell.backHome },
    companyFrame: true,
  };
}

/**
 * An approved visitor entering the room: the same pre-join and room as staff, joined with the
 * request's credentials and named as in the request. Once out there is no way back in: leaving
 * (or being removed) ends the request, so the end screen leads to the company's welcome page.
 */
export function GuestRoom({ roomId, credentials }: { roomId: string; credentials: VisitorCredentials }) {
  const entry = useMemo<RoomEntry>(
    () => ({
      join: guestJoinCall(credentials),
      failureOf: guestJoinFailureOf,
      ended: (error) => <RoomEnded error={error} texts={guestTexts(credentials.storeId)} />,
    }),
    [credentials],
  );
  return <RoomFlow roomId={roomId} defaultName={credentials.name} entry={entry} />;
}
