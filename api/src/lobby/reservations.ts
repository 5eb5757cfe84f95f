import { and, eq } from 'drizzle-orm';
import { LOBBY_RULES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { sameToken, tokenHash } from '../auth/tokens';
import { reservationParticipants, reservations } from '../db/schema';
import { HttpError } from '../http/http-error';

export interface ReservationWindow {
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
}

/**
 * Whether a reservation's join link opens now: from 15 minutes before the start until the end;
 * a cancelled appointment is over. Throws the visitor's reason otherwise.
 */
export function checkReservationWindow(reservation: ReservationWindow, now: Date): void {
  if (reservation.cancelledAt !== null || now.getTime() >= reservation.endsAt.getTime()) {
    throw new HttpError(409, IT_LOBBY.errors.reservationOver);
  }
  if (now.getTime() < reservation.startsAt.getTime() - LOBBY_RULES.reservationEarlyMs) {
    throw new HttpError(409, IT_LOBBY.errors.reservationTooEarly);
  }
}

/**
 * The company's reservation whose link opens now for whoever holds `access`, with the name they
 * join under, or the reason it does not: 404 for an unknown reservation or a missing or wrong token
 * (checked before the window, so that the bare id tells nothing of the appointment), 409 outside
 * the window.
 */
export async function requireOpenReservation(tx: Tx, companyId: string, reservationId: string, access: ReservationJoinAccess, now: Date) {
  const [row] = await tx
    .select({
      id: reservations.id,
      storeId: reservations.storeId,
      roomId: reservations.roomId,
      customerName: reservations.customerName,
      joinToken: reservations.joinToken,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      cancelledAt: reservations.cancelledAt,
    })
    .from(reservations)
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, reservationId)));
  if (!row) throw new HttpError(404, IT_LOBBY.errors.reservationNotFound);
  const joiner = await requireJoinAccess(tx, companyId, row, access);
  checkReservationWindow(row, now);
  return { ...row, joinerName: joiner.name };
}

/** What a join link brings: the customer's join token, or an invited participant's id and token. */
interface ReservationJoinAccess {
  token?: string;
  participant?: { id: string; token: string };
}

/**
 * The participant a personal join link names, when it is of this reservation and its token is
 * theirs (404 otherwise, as a link that leads nowhere: a withdrawn invitation's included).
 */
export async function requireParticipant(tx: Tx, companyId: string, reservationId: string, participant: { id: string; token: string }) {
  const [row] = await tx
    .select({ name: reservationParticipants.name, tokenHash: reservationParticipants.tokenHash })
    .from(reservationParticipants)
    .where(
      and(
        eq(reservationParticipants.companyId, companyId),
        eq(reservationParticipants.reservationId, reservationId),
        eq(reservationParticipants.id, participant.id),
      ),
    );
  if (!row || !sameToken(row.tokenHash, tokenHash(participant.token))) throw new HttpError(404, IT_LOBBY.errors.reservationNotFound);
  return { name: row.name };
}

/**
 * Whose link this is: the customer's (their join token) or an invited participant's (their id and
 * token; a withdrawn invitation's leads nowhere). No token, or a wrong one: 404, as an unknown
 * reservation, so that the bare id in a link never opens the queue.
 */
async function requireJoinAccess(
  tx: Tx,
  companyId: string,
  reservation: { id: string; joinToken: string; customerName: string },
  access: ReservationJoinAccess,
): Promise<{ name: string }> {
  if (access.participant) return requireParticipant(tx, companyId, reservation.id, access.participant);
  if (access.token === undefined || !sameToken(tokenHash(reservation.joinToken), tokenHash(access.token))) {
    throw new HttpError(404, IT_LOBBY.errors.reservationNotFound);
  }
  return { name: reservation.customerName };
}

/** The customer came: a booked appointment whose guest entered the room is completed (already so: unchanged). */
export async function markReservationJoined(tx: Tx, companyId: string, reservationId: string, now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, reservationId), eq(reservations.status, 'booked')));
}
