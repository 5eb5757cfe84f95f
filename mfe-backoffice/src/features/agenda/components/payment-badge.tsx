import { Badge } from '@mantine/core';
import type { ReservationPayment, ReservationPaymentStatus } from '@incontra/contracts/api/reservations';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';

const COLORS: Record<ReservationPaymentStatus, string> = {
  none: 'gray',
  pending: 'yellow',
  paid: 'green',
  refunding: 'orange',
  refunded: 'grape',
  canceled: 'gray',
};

/** The payment's word and amount ('Pagato · 45,00 €'); nothing for a free appointment. */
export function paymentText(payment: ReservationPayment): string | null {
  if (payment.status === 'none') return null;
  const word = IT_PAID_BOOKING.paymentStatuses[payment.status];
  return payment.amount === null ? word : `${word} · ${formatEuro(payment.amount)}`;
}

/** «Pagato», «Rimborsato», … with the amount: the word says it, the colour only helps. */
export function PaymentBadge({ payment }: { payment: ReservationPayment }) {
  const text = paymentText(payment);
  if (!text) return null;
  return (
    <Badge component="span" color={COLORS[payment.status]} variant="light" style={{ flexShrink: 0 }} data-testid="payment-badge">
      {text}
    </Badge>
  );
}
