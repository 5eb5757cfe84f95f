import { LOBBY_RULES, reservationJoinPath } from '@incontra/contracts/api/join-requests';
import {
  RESERVATION_STATUS,
  type CustomerReservation,
  type ReservationBody,
  type ReservationParticipant,
  type ReservationPayment,
  type ReservationPaymentStatus,
  type ReservationStatus,
  type StaffReservation,
} from '@incontra/contracts/api/reservations';
import { tokenHash } from '../auth/tokens';
import type { PendingBooking } from '../db/schema';
import type { AppointmentFacts } from './booking-mail';
import type { ParticipantRow, ReservationRow } from './repository';

/*
 * Every projection of a reservation, in one place: what the customer, the staff and an invited
 * participant see, what the e-mails tell (the facts), and the booking request as the customer
 * made it, from which the idempotency hash is computed. A new field of a reservation is added here.
 */

/**
 * The booking request as the customer made it: what waits for their confirmation while the
 * store's breaker is on, and what the idempotency hash covers (requestHashOf), field for field.
 */
export function bookingRequestOf(body: Omit<ReservationBody, 'privacyConsent'>, email: string, phone: string, startsAt: Date): PendingBooking {
  return {
    store: body.store,
    topic: body.topic,
    room: body.room ?? null,
    startsAt: startsAt.toISOString(),
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    phone,
    notes: body.notes ? body.notes : null,
  };
}

/** The reservation's columns the customer's request gives (the rest: the place, the tokens, who booked). */
export function reservationColumnsOf(request: PendingBooking, emailKey: string) {
  return {
    storeId: request.store,
    topicId: request.topic,
    customerName: `${request.firstName} ${request.lastName}`,
    customerFirstName: request.firstName,
    customerLastName: request.lastName,
    customerEmail: request.email,
    customerEmailKey: emailKey,
    customerPhone: request.phone,
    notes: request.notes,
  };
}

/** The body a request that waited for its confirmation is booked with, once confirmed (null: not given). */
export function bodyOfRequest(request: PendingBooking): Omit<ReservationBody, 'privacyConsent'> {
  return { ...request, room: request.room ?? undefined, notes: request.notes ?? undefined };
}

/**
 * The idempotency hash of a request: every field of bookingRequestOf, in its order (notes absent
 * as ''), so that a field added to the request is covered without a second list to keep.
 */
export function requestHashOf(request: PendingBooking): string {
  return tokenHash(JSON.stringify(Object.entries(request).map(([field, value]) => (field === 'notes' ? (value ?? '') : value))));
}

/** The appointment itself, as the customer's and an invited participant's views show it. */
export function appointmentView(row: ReservationRow) {
  return {
    status: row.status as ReservationStatus,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    company: { name: row.companyName },
    store: { id: row.storeId, name: row.storeName, address: row.storeAddress },
    topic: row.topicId && row.topicName !== null ? { id: row.topicId, name: row.topicName } : null,
    room: { id: row.roomId, name: row.roomName },
    joinOpensAt: new Date(row.startsAt.getTime() - LOBBY_RULES.reservationEarlyMs).toISOString(),
  };
}

/** The stored payment status as the views name it (refund_due: 'refunding'; none stored: a free one). */
const PAYMENT_VIEW: Record<string, ReservationPaymentStatus> = {
  pending: 'pending',
  paid: 'paid',
  refund_due: 'refunding',
  refunded: 'refunded',
  canceled: 'canceled',
};

/** The reservation's payment: its status and amount, and while held when the hold ends. */
export function paymentView(row: Pick<ReservationRow, 'status' | 'paymentStatus' | 'paymentAmount' | 'holdExpiresAt'>): ReservationPayment {
  return {
    status: row.paymentStatus === null ? 'none' : (PAYMENT_VIEW[row.paymentStatus] ?? 'none'),
    amount: row.paymentAmount,
    holdExpiresAt: row.status === RESERVATION_STATUS.held && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
  };
}

/** The customer's view (with the manage token): until when they may still change it. */
export function customerView(row: ReservationRow, cancelCutoffMinutes: number): CustomerReservation {
  return {
    id: row.id,
    ...appointmentView(row),
    customer: { firstName: row.firstName ?? row.customerName, lastName: row.lastName ?? '', email: row.email ?? '', phone: row.phone ?? '', notes: row.notes },
    changeableUntil: row.status === RESERVATION_STATUS.booked ? new Date(row.startsAt.getTime() - cancelCutoffMinutes * 60_000).toISOString() : null,
    joinPath: reservationJoinPath(row.id, { token: row.joinToken }),
    sequence: row.sequence,
    payment: paymentView(row),
  };
}

/** The staff's view (agenda and list). */
export function staffView(row: ReservationRow): StaffReservation {
  return {
    id: row.id,
    status: row.status as ReservationStatus,
    cancelledBy: (row.cancelledBy as 'customer' | 'staff' | null) ?? null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    store: { id: row.storeId, name: row.storeName },
    room: { id: row.roomId, name: row.roomName },
    topic: row.topicId && row.topicName !== null ? { id: row.topicId, name: row.topicName } : null,
    customer: { name: row.customerName, email: row.email, phone: row.phone, notes: row.notes },
    bookedByStaff: row.createdBy !== null,
    createdAt: row.createdAt.toISOString(),
    payment: paymentView(row),
  };
}

/** An invited participant as staff see them (never their token's hash). */
export function participantView(row: ParticipantRow): ReservationParticipant {
  return { id: row.id, reservationId: row.reservationId, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** What the e-mails and calendar files about the appointment tell. */
export function appointmentFacts(row: ReservationRow): AppointmentFacts {
  return {
    id: row.id,
    sequence: row.sequence,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    companyName: row.companyName,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    roomName: row.roomName,
    topicName: row.topicName,
    customer: {
      firstName: row.firstName ?? row.customerName,
      lastName: row.lastName ?? '',
      email: row.email ?? '',
      phone: row.phone ?? '',
      notes: row.notes,
    },
    origin: row.linkOrigin ?? '',
    joinToken: row.joinToken,
  };
}
