import {
  LOBBY_RULES,
  QUEUE_STATUSES,
  type ApprovedJoinRequest,
  type CreateInvitationBody,
  type Invitation,
  type JoinRequestStatus,
  type StaffJoinRequest,
  type StaffMessageBody,
} from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { HttpError } from '../http/http-error';
import type { StaffContext } from '../auth/authenticate';
import { displayNameOf } from '../common/staff-member';
import { waitingDeadline, type LobbyDeps } from './deps';
import { insertInvitation } from './invitations';
import { moveOrThrow, requestNotFound } from './moves';
import * as repository from './repository';
import type { JoinRequestChanges, JoinRequestRow } from './repository';
import { staffView } from './views';

/**
 * A staff member's answer to a request of a store they serve (others' requests are not found).
 * Only requests in the queue can be answered: a pending one whose phone is still to be proven
 * is not there yet.
 */
async function answer(deps: LobbyDeps, staff: StaffContext, id: string, to: JoinRequestStatus, changes: JoinRequestChanges): Promise<JoinRequestRow> {
  const now = deps.clock();
  const companyId = staff.company.id;
  const { user } = staff;
  return deps.announcer.run(companyId, async (tx, changed) => {
    const row = await repository.findRequest(tx, companyId, id);
    if (!row || !(await repository.servesStore(tx, companyId, user.id, row.storeId))) throw requestNotFound();
    const handled = { ...changes, handledById: user.id, handledByName: displayNameOf(user) };
    const moved = await moveOrThrow(tx, companyId, { id, to, changes: handled, now, extra: repository.requestConditions.inQueue() }, user.id);
    changed(moved);
    return moved;
  });
}

/** The request is this staff member's: the visitor has a few minutes to enter the room. */
export async function approve(deps: LobbyDeps, staff: StaffContext, id: string): Promise<ApprovedJoinRequest> {
  const expiresAt = new Date(deps.clock().getTime() + LOBBY_RULES.approvedJoinWindowMs);
  const row = await answer(deps, staff, id, 'approved', { message: null, expiresAt });
  return { request: staffView(row), roomId: row.roomId };
}

export async function reject(deps: LobbyDeps, staff: StaffContext, id: string, body: StaffMessageBody): Promise<StaffJoinRequest> {
  return staffView(await answer(deps, staff, id, 'rejected', { message: body.message }));
}

/** Staff acknowledged the visitor: the wait starts again and the visitor may keep waiting. */
export async function busy(deps: LobbyDeps, staff: StaffContext, id: string, body: StaffMessageBody): Promise<StaffJoinRequest> {
  const now = deps.clock();
  return staffView(await answer(deps, staff, id, 'busy', { message: body.message, waitingSince: now, expiresAt: waitingDeadline(deps.lobby, now) }));
}

/** The live queue of the stores the staff member serves, oldest first, and those stores (null: all). */
export function queueFor(deps: LobbyDeps, companyId: string, userId: string): Promise<{ requests: StaffJoinRequest[]; storeIds: ReadonlySet<string> | null }> {
  return deps.db.withTenant(companyId, async (tx) => {
    const storeIds = await repository.servedStoreIds(tx, companyId, userId);
    const rows = await repository.listQueue(tx, companyId, QUEUE_STATUSES, userId);
    return { requests: rows.map(staffView), storeIds: storeIds ? new Set(storeIds) : null };
  });
}

/** An invitation to a room of a store the staff member serves (another room is not found). */
export function createInvitation(deps: LobbyDeps, staff: StaffContext, body: CreateInvitationBody): Promise<Invitation> {
  const now = deps.clock();
  const companyId = staff.company.id;
  return deps.db.withTenant(companyId, async (tx) => {
    const room = await repository.findRoom(tx, companyId, body.room);
    if (!room || !(await repository.servesStore(tx, companyId, staff.user.id, room.storeId))) throw new HttpError(404, IT.errors.notFound);
    // Normalised by the contract; empty means no name.
    const name = body.name || null;
    return insertInvitation(tx, { companyId, storeId: room.storeId, roomId: room.id, name, createdBy: staff.user.id }, staff.origin, now);
  });
}
