import { Anchor, Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { whenText } from '@incontra/contracts/messages/it-when';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicNameOf, whenOf } from '../agenda-format';
import { paymentText } from './payment-badge';

const TEXT = IT_AGENDA.detail;

/** What there is to know of an appointment, as a list of terms and their values. */
export function ReservationFacts({ reservation }: { reservation: StaffReservation }) {
  const { company } = useMfeProps();
  const { customer } = reservation;
  const facts: [string, ReactNode][] = [
    [TEXT.when, whenOf(reservation, company.timeZone)],
    [TEXT.store, reservation.store.name],
    [TEXT.room, reservation.room.name],
    [TEXT.topic, topicNameOf(reservation)],
    [TEXT.customer, customer.name],
    [TEXT.email, customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : TEXT.none],
    [TEXT.phone, customer.phone ? <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor> : TEXT.none],
    [TEXT.notes, customer.notes ?? TEXT.none],
    [TEXT.bookedBy, reservation.bookedByStaff ? TEXT.bookedByStaff : TEXT.bookedByCustomer],
    [TEXT.createdAt, whenText(reservation.createdAt, company.timeZone)],
  ];
  const payment = paymentText(reservation.payment);
  if (payment) facts.push([IT_PAID_BOOKING.agenda.payment, payment]);
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '0.25rem 1rem' }}>
      {facts.map(([term, value]) => (
        <Fact key={term} term={term} value={value} />
      ))}
    </Box>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value}
      </Text>
    </>
  );
}
