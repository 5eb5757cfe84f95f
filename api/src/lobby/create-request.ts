import type { PublicCompany } from '@incontra/contracts/api/company';
import type {
  InvitationJoinRequestBody,
  JoinRequestSource,
  ReservationJoinRequestBody,
  SendJoinRequestBody,
  SentJoinRequest,
} from '@incontra/contracts/api/join-requests';
import { cleanStoredName } from '@incontra/contracts/api/visitor-name';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import type { Changed } from './announcer';
import { waitingDeadline, type LobbyDeps } from './deps';
import { requireValidInvitation } from './invitations';
import * as repository from './repository';
import { requireOpenReservation } from './reservations';
import { newVisitorCredential } from './visitor-token';
import { visitorView } from './views';
import { lockStoreQueue, requireWaitingPlace } from './waiting-cap';

interface NewRequest {
  companyId: string;
  storeId: string;
  roomId: string;
  source: JoinRequestSource;
  name: string;
  verificationRequired: boolean;
  invitationId?: string;
  reservationId?: string;
}

const notFound = () => new HttpError(404, IT.errors.notFound);

/**
 * Inserts a `pending` request and answers it with the visitor's token, the only time it is told.
 * Every new request waits in its store: it is counted under the store's queue lock, and a live one
 * is refused once the store's waiting cap is reached. Invited and booked visitors are let in over
 * the cap (staff asked them to come; walk-ins must not lock them out), but they take places.
 */
async function insertNew(tx: Tx, changed: Changed, deps: LobbyDeps, request: NewRequest): Promise<SentJoinRequest> {
  const now = deps.clock();
  await lockStoreQueue(tx, request.storeId);
  if (request.source === 'live') await requireWaitingPlace(tx, request.companyId, request.storeId, deps.lobby.maxWaitingPerStore, now);
  const credential = newVisitorCredential();
  const id = await repository.insertRequest(tx, {
    ...request,
    status: 'pending',
    visitorTokenHash: credential.hash,
    createdAt: now,
    updatedAt: now,
    waitingSince: now,
    expiresAt: waitingDeadline(deps.lobby, now),
    visitorSeenAt: now,
  });
  const row = await repository.findRequest(tx, request.companyId, id);
  if (!row) throw new Error('join request missing after insert');
  changed(row);
  return { request: visitorView(row), visitorToken: credential.token };
}

/**
 * A live request for a room of a store. The phone must be proven first when the store says so,
 * or, when the store does not say, the company.
 */
export function sendLive(deps: LobbyDeps, company: PublicCompany, storeId: string, body: SendJoinRequestBody): Promise<SentJoinRequest> {
  return deps.announcer.run(company.id, async (tx, changed) => {
    const store = await repository.findStore(tx, company.id, storeId);
    const room = await repository.findRoom(tx, company.id, body.room);
    if (!store || !room) throw notFound();
    if (room.storeId !== store.id) throw new HttpError(400, IT_LOBBY.errors.roomNotInStore, 'room');
    const verificationRequired = store.requirePhoneVerification ?? company.settings.requirePhoneVerification ?? false;
    return insertNew(tx, changed, deps, { companyId: company.id, storeId, roomId: room.id, source: 'live', name: body.name, verificationRequired });
  });
}

/** Staff invited this visitor: no phone to prove, the room is the invitation's. */
export function sendInvited(deps: LobbyDeps, companyId: string, body: InvitationJoinRequestBody): Promise<SentJoinRequest> {
  return deps.announcer.run(companyId, async (tx, changed) => {
    const invitation = await requireValidInvitation(tx, companyId, body.code, deps.clock());
    return insertNew(tx, changed, deps, {
      companyId,
      storeId: invitation.storeId,
      roomId: invitation.roomId,
      source: 'invitation',
      name: body.name,
      verificationRequired: false,
      invitationId: invitation.id,
    });
  });
}

/**
 * The booked customer arrives with their join token: no phone to prove, named as booked unless
 * they say otherwise. An invited participant's personal link comes with their id and token, and
 * they are named as invited.
 */
export function sendForReservation(deps: LobbyDeps, companyId: string, reservationId: string, body: ReservationJoinRequestBody): Promise<SentJoinRequest> {
  return deps.announcer.run(companyId, async (tx, changed) => {
    const reservation = await requireOpenReservation(tx, companyId, reservationId, body, deps.clock());
    return insertNew(tx, changed, deps, {
      companyId,
      storeId: reservation.storeId,
      roomId: reservation.roomId,
      source: 'reservation',
      // The booking's name was not typed here: cleaned for the queue rather than refused.
      name: body.name ?? (cleanStoredName(reservation.joinerName) || IT_LOBBY.visitor.bookedCustomer),
      verificationRequired: false,
      reservationId: reservation.id,
    });
  });
}
