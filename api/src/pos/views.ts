import QRCode from 'qrcode';
import type { PosPayment, PosRequestView, PosStatus } from '@incontra/contracts/api/pos';
import type { PaymentMode } from '@incontra/contracts/api/subscription';
import { ROUTES } from '@incontra/contracts/routes';
import type { CustomerPaymentRef } from '../payments/customer-payments';
import type { PaymentRow } from './repository';

/** The customer's page of a request, on the company's site. */
export function linkOf(origin: string, token: string): string {
  return `${origin}${ROUTES.payment}/${token}`;
}

/** The link as a QR code, a PNG data URL (a phone's camera reads it at a counter). */
export function qrCodeOf(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

/** What is true now: a request still `requested` past its expiry is expired, swept or not. */
export function statusAt(row: Pick<PaymentRow, 'status' | 'expiresAt'>, now: Date): PosStatus {
  return row.status === 'requested' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** The port's reference of the request's payment. */
export function refOf(companyId: string, row: Pick<PaymentRow, 'providerAccountId' | 'providerPaymentId'>): CustomerPaymentRef {
  return { companyId, accountId: row.providerAccountId, paymentId: row.providerPaymentId };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The request as staff see it; `qrCode` only where one request is shown (detail, create, cancel, verify). */
export function staffView(row: PaymentRow, origin: string, now: Date, qrCode: string | null): PosPayment {
  return {
    id: row.id,
    storeId: row.storeId,
    storeName: row.storeName,
    amount: row.amount,
    description: row.description,
    email: row.email,
    phone: row.phone,
    status: statusAt(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
    createdBy: row.createdByName,
    link: linkOf(origin, row.token),
    qrCode,
    last4: row.last4,
  };
}

/** The request as its customer sees it: the card form's needs only while it can be paid. */
export function customerView(row: PaymentRow, companyName: string, paymentMode: PaymentMode, now: Date): PosRequestView {
  const status = statusAt(row, now);
  return {
    companyName,
    storeName: row.storeName,
    amount: row.amount,
    description: row.description,
    status,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: iso(row.paidAt),
    paymentMode,
    payment: status === 'requested' ? { clientSecret: row.clientSecret, publishableKey: row.publishableKey, stripeAccount: row.providerAccountId } : null,
  };
}
