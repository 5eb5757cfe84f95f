import { IT_BOOKING_REFUND_MAIL } from '@incontra/contracts/messages/it-booking-refund-mail';
import { whenText } from '@incontra/contracts/messages/it-when';
import { formatEuro } from '@incontra/contracts/money';
import type { Tx } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import type { ReservationRow } from './repository';

/**
 * The customer's e-mail that `amount` (cents) of the appointment's payment was refunded, in the
 * transaction that records the refund (its outbox row commits with the status change, so the
 * compare-and-set that records a refund once sends it once). No address, no e-mail.
 */
export async function enqueueRefundMail(tx: Tx, mailer: Mailer, companyId: string, row: ReservationRow, amount: number): Promise<void> {
  if (!row.email) return;
  const euro = formatEuro(amount);
  const topic = row.topicName ?? row.roomName;
  await enqueueMail(tx, mailer, companyId, {
    to: row.email,
    subject: IT_BOOKING_REFUND_MAIL.subject(row.companyName, euro),
    text: IT_BOOKING_REFUND_MAIL.text(row.firstName ?? row.customerName, row.companyName, euro, topic, whenText(row.startsAt, row.timeZone)),
  });
}
