import type { StaffJoinRequest, VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import type { LobbyEvent } from '@incontra/contracts/realtime/lobby';
import type { JoinRequestRow } from './repository';

/** The fields both views share, as the row has them. */
function commonView(row: JoinRequestRow) {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    name: row.name,
    storeId: row.storeId,
    storeName: row.storeName,
    roomId: row.roomId,
    roomName: row.roomName,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The visitor's own view: no staff identity, the number the code went to even before it is proven. */
export function visitorView(row: JoinRequestRow): VisitorJoinRequest {
  return {
    ...commonView(row),
    // Only while the phone is still to be proven: once verified, the visitor has nothing left to do.
    verificationRequired: row.verificationRequired && row.phoneNumber === null,
    phoneNumber: row.phoneNumber ?? row.codePhoneNumber,
  };
}

/** What the live queue shows: only a verified number, and who handled it last. */
export function staffView(row: JoinRequestRow): StaffJoinRequest {
  return {
    ...commonView(row),
    phoneNumber: row.phoneNumber,
    waitingSince: row.waitingSince.toISOString(),
    handledBy: row.handledById ? { id: row.handledById, name: row.handledByName ?? '' } : null,
    // The drivers answer a subquery's timestamp as text (PostgreSQL's format) or as a Date.
    appointment: row.appointmentStartsAt ? { startsAt: new Date(row.appointmentStartsAt).toISOString() } : null,
  };
}

export function lobbyEventOf(row: JoinRequestRow, sentAt: number): LobbyEvent {
  return { type: 'join-request', companyId: row.companyId, request: staffView(row), visitor: visitorView(row), sentAt };
}
