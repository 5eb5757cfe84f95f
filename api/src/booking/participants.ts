import type { PublicCompany } from '@incontra/contracts/api/company';
import { reservationJoinPath } from '@incontra/contracts/api/join-requests';
import {
  RESERVATION_INVITES_MAX,
  RESERVATION_PARTICIPANTS_MAX,
  RESERVATION_STATUS,
  type ParticipantInvitation,
  type ReservationParticipant,
  type ReservationParticipantBody,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import { newToken, sameToken, tokenHash } from '../auth/tokens';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import { HttpError } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import { appointmentWhen, participantMail } from './booking-mail';
import { tellAgendaAfterCommit } from './agenda';
import * as repository from './repository';
import type { AgendaNotifier } from './agenda';
import { requireServedReservation } from './staff-service';
import { appointmentFacts, appointmentView, participantView } from './views';

const E = IT_BOOKING.errors;
const notFound = () => new HttpError(404, E.participantNotFound);

/**
 * Reservation participants: someone else staff invite to an appointment (a colleague, a second
 * customer). Each gets an e-mail with a personal join link (their id and a token, of which only
 * the hash is kept) and joins the live queue under their own name; staff may withdraw the
 * invitation. Operators invite only to appointments of the stores they serve.
 */
export class ParticipantService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly agenda: AgendaNotifier;

  constructor({ db, mailer, clock, agenda }: { db: Database; mailer: Mailer; clock: Clock; agenda: AgendaNotifier }) {
    this.db = db;
    this.mailer = mailer;
    this.clock = clock;
    this.agenda = agenda;
  }

  /** POST /api/bo/reservation_participants: to a booked appointment, once per address, at most RESERVATION_PARTICIPANTS_MAX. */
  async invite(staff: StaffContext, body: ReservationParticipantBody): Promise<ReservationParticipant> {
    const { company, user } = staff;
    const email = body.email.toLowerCase();
    const token = newToken();
    const row = await this.db.withTenant(company.id, async (tx) => {
      // The reservation's row is held: two invitations at once count each other.
      const reservation = await requireServedReservation(tx, staff, body.reservation, true);
      if (reservation.status !== RESERVATION_STATUS.booked) throw new HttpError(409, E.notBooked);
      if (reservation.email?.toLowerCase() === email) throw new HttpError(409, E.participantExists, 'email');
      const invited = await repository.participantsOf(tx, company.id, reservation.id);
      if (invited.length >= RESERVATION_PARTICIPANTS_MAX) throw new HttpError(409, E.participantsFull(RESERVATION_PARTICIPANTS_MAX));
      if (reservation.participantInvites >= RESERVATION_INVITES_MAX) throw new HttpError(409, E.invitesExhausted(RESERVATION_INVITES_MAX));
      await repository.countParticipantInvite(tx, company.id, reservation.id);
      const row = await repository.insertParticipant(tx, {
        companyId: company.id,
        reservationId: reservation.id,
        name: body.name,
        email,
        tokenHash: tokenHash(token),
        createdBy: user.id,
      });
      if (!row) throw new HttpError(409, E.participantExists, 'email');
      await recordActivity(tx, company.id, user, {
        action: 'update',
        entityType: 'reservation',
        entityId: reservation.id,
        summary: IT_BOOKING.activity.participantInvited(row.name, reservation.customerName, appointmentWhen(reservation.startsAt, reservation.timeZone)),
      });
      const joinUrl = `${reservation.linkOrigin ?? staff.origin}${reservationJoinPath(reservation.id, { id: row.id, token })}`;
      const mail = participantMail(appointmentFacts(reservation), { name: row.name, email, joinUrl }, 'invited', {
        organizerEmail: this.mailer.sender,
        stamp: this.clock(),
      });
      await enqueueMail(tx, this.mailer, company.id, mail, user);
      tellAgendaAfterCommit(tx, this.agenda, company.id, reservation.storeId);
      return row;
    });
    return participantView(row);
  }

  /** DELETE /api/bo/reservation_participants/{id}: the link stops working; told by e-mail while the appointment is still to come. */
  async withdraw(staff: StaffContext, id: string): Promise<void> {
    const { company, user } = staff;
    await this.db.withTenant(company.id, async (tx) => {
      const participant = await repository.findParticipant(tx, company.id, id);
      if (!participant) throw notFound();
      const reservation = await requireServedReservation(tx, staff, participant.reservationId, true).catch(() => {
        throw notFound();
      });
      await repository.deleteParticipant(tx, company.id, id);
      await recordActivity(tx, company.id, user, {
        action: 'update',
        entityType: 'reservation',
        entityId: reservation.id,
        summary: IT_BOOKING.activity.participantWithdrawn(
          participant.name,
          reservation.customerName,
          appointmentWhen(reservation.startsAt, reservation.timeZone),
        ),
      });
      const tellThem = reservation.status === RESERVATION_STATUS.booked && reservation.endsAt.getTime() > this.clock().getTime();
      if (tellThem) {
        await enqueueMail(
          tx,
          this.mailer,
          company.id,
          participantMail(appointmentFacts(reservation), { ...participant, joinUrl: null }, 'withdrawn', {
            organizerEmail: this.mailer.sender,
            stamp: this.clock(),
          }),
          user,
        );
      }
      tellAgendaAfterCommit(tx, this.agenda, company.id, reservation.storeId);
    });
  }

  /** GET /api/reservation_participants/{id} with the participant's token: 401 without it, 404 when it does not open this one. */
  async invitation(company: PublicCompany, id: string, token: string | null): Promise<ParticipantInvitation> {
    if (!token) throw new HttpError(401, E.participantTokenRequired);
    return this.db.withTenant(company.id, async (tx) => {
      const participant = await repository.findParticipant(tx, company.id, id);
      if (!participant || !sameToken(participant.tokenHash, tokenHash(token))) throw notFound();
      const row = (await repository.findReservation(tx, company.id, participant.reservationId))!;
      return {
        id: participant.id,
        name: participant.name,
        ...appointmentView(row),
        joinPath: reservationJoinPath(row.id, { id: participant.id, token }),
      };
    });
  }
}
